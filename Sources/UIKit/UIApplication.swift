import Foundation
import QuartzCore

/// The application (UIKit's `UIApplication`): the names iOS code reads, for a process that is
/// always in the foreground (ruling U22).
///
/// A Lamina process — a server rendering video, a test, a preview window — has no app life
/// cycle: it does not go to the background, is not suspended and is not asked to give memory
/// back. So `shared.applicationState` is always `.active`, and Lamina never posts the life-cycle
/// notifications; code that observes them (to pause animations in the background, say)
/// compiles and runs, and its observers are simply never called unless the program posts the
/// notifications itself.
open class UIApplication: UIResponder, @unchecked Sendable {
    /// The one application object.
    public static let shared = UIApplication()

    /// Whether the app runs in the foreground and receives events (UIKit's
    /// `UIApplication.State`, with Apple's raw values).
    public enum State: Int, Sendable {
        /// In the foreground, receiving events: always, in Lamina.
        case active = 0
        /// In the foreground but not receiving events.
        case inactive = 1
        /// In the background.
        case background = 2
    }

    /// The app's state: always `.active` (see the type's discussion).
    open var applicationState: State { .active }

    override init() {
        super.init()
    }

    /// Posted when the app becomes active (Apple's name); never posted by Lamina.
    public static let didBecomeActiveNotification = Notification.Name(
        "UIApplicationDidBecomeActiveNotification")
    /// Posted when the app is about to become inactive (Apple's name); never posted by Lamina.
    public static let willResignActiveNotification = Notification.Name(
        "UIApplicationWillResignActiveNotification")
    /// Posted when the app enters the background (Apple's name); never posted by Lamina.
    public static let didEnterBackgroundNotification = Notification.Name(
        "UIApplicationDidEnterBackgroundNotification")
    /// Posted when the app is about to leave the background (Apple's name); never posted by
    /// Lamina.
    public static let willEnterForegroundNotification = Notification.Name(
        "UIApplicationWillEnterForegroundNotification")
    /// Posted when the app has finished launching (Apple's name); never posted by Lamina.
    public static let didFinishLaunchingNotification = Notification.Name(
        "UIApplicationDidFinishLaunchingNotification")
    /// Posted when the app is about to end (Apple's name); never posted by Lamina.
    public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    /// Posted when the system is low on memory (Apple's name); never posted by Lamina.
    public static let didReceiveMemoryWarningNotification = Notification.Name(
        "UIApplicationDidReceiveMemoryWarningNotification")
}
