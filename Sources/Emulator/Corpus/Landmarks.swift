/// Real-world ids the emulator gives to a few of its own entities, so that seeds written for the
/// real API (Samples/seeds.txt, the examples of the design document) reach something offline:
/// the first channel is `@GoogleDevelopers` (`UC_x5XG1OV2P6uZZ5FSM9Ttw`), the first ordinary
/// playlist `PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR` and the first video `dQw4w9WgXcQ`. Everything
/// else about them (titles, uploads, entries) is generated like any other entity's.
public enum Landmarks {
    public static let channelId = "UC_x5XG1OV2P6uZZ5FSM9Ttw"
    public static let channelHandle = "@GoogleDevelopers"
    public static let playlistId = "PLOU2XLYxmsIIM9h1Ybw2DuRw6o2fkNMeR"
    public static let videoId = "dQw4w9WgXcQ"
}
