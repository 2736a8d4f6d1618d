import Foundation
import Testing
import UIKit

/// `UIApplication` (ruling U22): a process that is always active, with Apple's names for the
/// life-cycle notifications.
@Suite struct UIApplicationTests {
    @Test func theSharedApplicationIsOneObjectAndAlwaysActive() {
        #expect(UIApplication.shared === UIApplication.shared)
        #expect(UIApplication.shared.applicationState == .active)
        #expect(UIApplication.State.active.rawValue == 0 && UIApplication.State.background.rawValue == 2)
    }

    @Test func theNotificationsHaveApplesNames() {
        let names: [(Notification.Name, String)] = [
            (UIApplication.didBecomeActiveNotification, "UIApplicationDidBecomeActiveNotification"),
            (UIApplication.willResignActiveNotification, "UIApplicationWillResignActiveNotification"),
            (UIApplication.didEnterBackgroundNotification, "UIApplicationDidEnterBackgroundNotification"),
            (UIApplication.willEnterForegroundNotification, "UIApplicationWillEnterForegroundNotification"),
            (UIApplication.didFinishLaunchingNotification, "UIApplicationDidFinishLaunchingNotification"),
            (UIApplication.willTerminateNotification, "UIApplicationWillTerminateNotification"),
            (
                UIApplication.didReceiveMemoryWarningNotification,
                "UIApplicationDidReceiveMemoryWarningNotification"
            ),
        ]
        for (name, raw) in names { #expect(name.rawValue == raw) }
    }

    /// iOS code that pauses its layers in the background compiles and runs; its observer runs
    /// only when the program posts the notification (Lamina never does).
    @Test func anObserverOfTheBackgroundNotificationRunsOnlyWhenItIsPosted() {
        nonisolated(unsafe) let layer = CALayer()
        let observer = NotificationCenter.default.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
        ) { _ in
            layer.speed = 0
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        #expect(layer.speed == 1)
        NotificationCenter.default.post(name: UIApplication.didEnterBackgroundNotification, object: nil)
        #expect(layer.speed == 0)
    }
}
