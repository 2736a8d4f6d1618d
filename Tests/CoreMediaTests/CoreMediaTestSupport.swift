import CoreMedia

/// A time's stored fields, for assertions about representation (`CMTime`'s `==` is numeric).
struct Fields: Equatable, CustomStringConvertible {
    var value: Int64
    var timescale: Int32
    var rounded: Bool
    var epoch: Int64

    init(_ value: Int64, _ timescale: Int32, rounded: Bool = false, epoch: Int64 = 0) {
        (self.value, self.timescale, self.rounded, self.epoch) = (value, timescale, rounded, epoch)
    }

    init(_ time: CMTime) {
        self.init(time.value, time.timescale, rounded: time.hasBeenRounded, epoch: time.epoch)
    }

    var description: String {
        "\(value)/\(timescale)\(rounded ? " rounded" : "")\(epoch != 0 ? " e\(epoch)" : "")"
    }
}

/// The fields of a numeric time, or `nil` for any other kind.
func fields(_ time: CMTime) -> Fields? {
    time.isNumeric ? Fields(time) : nil
}

/// The non-numeric kinds, for tables of special values.
enum Special: Equatable {
    case invalid, indefinite, positiveInfinity, negativeInfinity, numeric
}

func special(_ time: CMTime) -> Special {
    if !time.isValid { return .invalid }
    if time.isPositiveInfinity { return .positiveInfinity }
    if time.isNegativeInfinity { return .negativeInfinity }
    if time.isIndefinite { return .indefinite }
    return .numeric
}

/// A numeric time in an epoch.
func time(_ value: Int64, _ timescale: Int32, epoch: Int64 = 0) -> CMTime {
    CMTimeMakeWithEpoch(value: value, timescale: timescale, epoch: epoch)
}
