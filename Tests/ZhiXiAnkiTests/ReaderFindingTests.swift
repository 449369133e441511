import Foundation
import Testing
import ZhiXiArchive
import ZhiXiTestSupport
@testable import ZhiXiAnki

/// What the `anki-sqlite` fuzz target found in the review log's page scan (`SQLiteTableScan`)
/// against SQLite's own reading of the same bytes (docs/CORRECTNESS.md, "Fuzzing"): each a file
/// on which the scan read a row otherwise than SQLite. The scan gives up there and the reader
/// reads the table with SQL, as SQLite does (its rows in id order); and since issue 35 each
/// damaged file is refused by SQLite's integrity check before anything read is believed.
@Suite struct ReaderFindingTests {
    private func connection(_ bytes: [UInt8]) throws -> SQLiteConnection {
        let image = try #require(bytes.withUnsafeBytes { AllocatedBytes(copying: $0, allocator: .sqlite) })
        return try SQLiteConnection(image: image, name: "collection.anki2")
    }

    /// The integrity check's refusal of `bytes`.
    private func refusal(_ bytes: [UInt8]) throws -> AnkiError {
        try #require(throws: AnkiError.self) { try connection(bytes).checkIntegrity() }
    }

    private func statementRows(_ connection: SQLiteConnection) throws -> [AnkiRevlogEntry] {
        var rows: [AnkiRevlogEntry] = []
        try connection.query("SELECT id, cid, usn, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY id") { row throws(AnkiError) in
            rows.append(AnkiRevlogEntry(id: row.int64(0), cardID: row.int64(1), usn: Int32(truncatingIfNeeded: row.int64(2)),
                                        button: UInt8(truncatingIfNeeded: row.int64(3)), interval: Int32(truncatingIfNeeded: row.int64(4)),
                                        lastInterval: Int32(truncatingIfNeeded: row.int64(5)), factor: Int32(truncatingIfNeeded: row.int64(6)),
                                        durationMilliseconds: Int32(truncatingIfNeeded: row.int64(7)), kind: UInt8(truncatingIfNeeded: row.int64(8))))
        }
        return rows
    }

    /// A legacy collection of 512-byte pages whose review-log leaf has a cell's rowid rewritten
    /// as a 9-byte varint (7,130,316,864,961,380,097) that runs into the next cell: SQLite
    /// refuses the table after 9 rows ("database disk image is malformed"); the scan read all
    /// 12 rows, the 10th out of order. Now it gives up at the 10th, whose record holds no
    /// column, and the reader refuses as SQLite does; the integrity check refuses the file, and
    /// so does `AnkiFile.open`. Kept zstd-compressed (4,608 bytes).
    @Test func aRowidOutOfOrderIsADamagedPage() throws {
        let compressed = try #require(Data(base64Encoded: """
            KLUv/WQAEZUdAIZokj3gGuewDijMIc7E1IFzxNXCYoWYZiLhjMFbv4paDLeUWm8tGrBy0qPx03KIx0/7xRWvZ+JaHwz81KSJkCQDfQCDAIEAM2\
            +VLbwey4xkX97WcFjJg5EtEV77e2SJnGNl4dZdk701qUwqeTyJHje6J3yWYYerqqNQfavMaeL3jeU1GaC7TPhtxlHeUvbevzeqBx4G5+D1wb/t\
            UXN20r5e7FPd9afWevbDnd76UZ1urbWqZuh/beoJtbNGOSaqvLvBEpO8x7DCzudyOZq5oKk01kOR7WrMkM8v7za8q/MLz0dkb2VOo6o143BuY6\
            OqCwZRRNSTEZEuD1XdChBEXRH+QjyEJKrMi7zDrtq6DqoKDGr8TlTgyQ8o3DD5+8J2d+dxuBztfzl7ST/pDscysZjL2fZOB7RALbf1ekt5sYvd\
            DvPOhS2X3V5ZVUi6RdP0dS3lSGj5pGTwpW3f8Biv8vH3fNE3vdRrvbbSAnEn8lmGy3LchyzxpXH5sT3y4wyXQXY5bmGAuZXZI88JogOhJZQ8i5\
            5v7fK76nyrLLGr8K3tqqvYTaxJFCo9Z6ZZ4/vN33unr3FtB9Nrpmc7e5zn9iWqtdY1HovnHA/c6HaPPrPvzHJ3F+OXhsstOp+QkKOhn6PHtNb6\
            xscoI4ls07a5X08hMCzbT9PNqWzmh2maH1jxSXaeyzZiKwgF0iiKbgOumZOeic12ivy6XWkAgGW703cpCzqfFpZEZrap+Rs8BabD+Q4/tzPkU7\
            AUXf5yuYzCofLXavv3lokIZkMfEICmqBGhlWpKRFtYqNEYgGjkZiR6IpIexQTECBExAmKscWJGYiUYmVFa4gELou3GQ97nBV9mRCZnUuol6zNk\
            LiTYDB3b32jPAeTtyP1/wmSUNQYfBiVoFhxOvT4wHmMuNASZVsY5O5Qy+DLZhL06WsajeL0rM/aVwY1T/s2UEt2oJl8xA8iaBtZ8okTBrrKAWl\
            Ot5oiPtcl+kf1JM0Na5CSyfkNqJ9QYErveNwFxJLdqVXZHRLMHEAlpWj85Jo3+J1Asbl1VQGk1oI+mj5z+oSFMxUPxhetuv+xOIsAfAQTybZ8Q\
            nV0suuY0VDQfgIdvRS2jxEo3DbDcWN1C1PDvqdazJ7SANY/AjDguEi0R0INIqX68irLw1Os36LAtDyIjeaBpq6cGUJ6kigDdACu23qPl8FsL7D\
            kSvGxGFqanUNl1lZZQXvfKRaXq5NzBSZb4yFGFYElVzQqjV2pGzY/pL9wTwhJgghpeDKRl
            """))
        let bytes = try ZstandardDecoder.decompress(Array(compressed), limit: ExpansionLimit(maximumOutputBytes: 1 << 20))
        #expect(bytes.count == 4_608)
        #expect(try refusal(bytes).reason.contains("integrity check"))
        let database = try connection(bytes)
        let root = try #require(try database.rootPage(of: "revlog"))
        let scan = try #require(SQLiteTableScan(image: database.imageBytes))
        var rowids: [Int64] = []
        #expect(!scan.rows(rootPage: root, columns: 9) { rowid, _ in rowids.append(rowid) })
        #expect(rowids.count == 9)
        let error = try #require(throws: AnkiError.self) { try AnkiCollectionReader.reviewLog(try connection(bytes)) }
        #expect(error.reason.contains("malformed"))
        let whole = try #require(throws: AnkiError.self) { try AnkiFile.open(bytes: bytes, name: "collection.anki2") }
        #expect(whole.kind == .damaged)
    }

    /// Rowids that do not rise through the leaf (two cells' rowids swapped): the scan gives up
    /// and the reader gives SQLite's rows, which are in the leaf's order, in id order; the
    /// integrity check refuses the file ("Rowid … out of order"), so none of it is believed.
    @Test func rowidsThatDoNotRiseAreRefused() throws {
        var bytes = try collection("""
            CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
              ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
            INSERT INTO revlog VALUES (1700000000000, 100, 0, 3, 1, 0, 2500, 1000, 1), (1700000000001, 100, 0, 3, 2, 1, 2500, 900, 1),
              (1700000000002, 100, 0, 3, 4, 2, 2500, 800, 1);
            """)
        let root = try #require(try connection(bytes).rootPage(of: "revlog"))
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let page = (root - 1) * pageSize
        func cell(_ index: Int) -> Int { page + (Int(bytes[page + 8 + 2 * index]) << 8 | Int(bytes[page + 9 + 2 * index])) }
        // Each cell: its payload size (1 byte), then its rowid (a 6-byte varint).
        let first = cell(0) + 1, second = cell(1) + 1
        for offset in 0 ..< 6 { bytes.swapAt(first + offset, second + offset) }
        let database = try connection(bytes)
        let scan = try #require(SQLiteTableScan(image: database.imageBytes))
        #expect(!scan.rows(rootPage: root, columns: 9) { _, _ in })
        let statement = try statementRows(database)
        #expect(statement.map(\.id) == [1_700_000_000_001, 1_700_000_000_000, 1_700_000_000_002])
        let rows = try AnkiCollectionReader.reviewLog(database)
        #expect(rows == statement.sorted { $0.id < $1.id })
        #expect(try refusal(bytes).reason.contains("out of order"))
    }

    /// A damaged legacy collection (its header's freelist, a card's record, and the review
    /// log's leaf, where a cell's rowid is 0 and its record holds no column): SQLite's
    /// `ORDER BY id` gives 12 rows in the leaf's order, the row of id 0 (every column NULL) 6th.
    /// `AnkiFile.open` gave it 1st (``AnkiCollection`` puts rows in id order) where the reader on
    /// its own gave it 6th. The integrity check refuses the file. Kept zstd-compressed
    /// (4,608 bytes).
    @Test func aCollectionWithADamagedLeafIsRefused() throws {
        let compressed = try #require(Data(base64Encoded: """
            KLUv/WQAEeUdAMbokjzgGuewDijMIc5GLAMbZOSCMk1YYyXE4uQpb80thltKrbcWDVg5aqc6Hp0x6tLWGFrCkLDWBwM/NWkiJMl+AIMAgQA8lt\
            iotnyt4S5y5xpXoZv2tqgK+UaquiubHnnpEXlE7nYSPE5kT3gsowbTnaPYvRTmNG/bvnB6DMhbJtwW4yBtKVrr1/rMAw+Dc/D54L/2ZykzZ10P\
            9mjeejPnLPugLuv8Zz6StHjtfEZ1znlvjPyfyzyxu0qEX+HmnQWSmAS8v67CzuNwuFm5kKey1cNQ7TsmyOOWdxved9y6cdHY171pxGC8vsSdAw\
            JRQvaJSEiHgzu38vvYKyU+kI6SkQ3zIe8uu1fWYe8fMMN3sn8nvl+JRsnbF7WzO3+74Wbvy9FL+Sl394WFQxyupjU6kAVouKzPWUgL3ct2l3de\
            snKYjZEtu+hnWsqRUPJJyaAr177hL17l3+/5om/6qMf6XJUF3i7ksQyH4bcHVWFLw/LiWuTFGS5j7PC7ugDxCqtFHvNDByJLIHf5eb20w22a66\
            WwhK6il65prkI3kR5PKNSUlSVNc/3la63Rz7eVgwvV2EVh+sz0aleL8VG8tsJNW1licWjGAQ+cyPaOHqttrHJWD9+WhsMtOp+QgJudn5PD8o2P\
            EUaSWHLVeqZL/VkKgSG5PopqPlUrPcqy9LB6TTHTTK4RWUEnUD7P00DLJnPKMjCZNnYFJVeNvstYkPmzrySxckXL1+ApKB3MRx1+bCbIo17oma\
            wJ3U74aTT9WsNEBLKhD+C6okLK64kGgKqo8aCVzJDIzMKClBoDkGjkZtI8MnoeZgwhQkSMgBhsnJiRWAlGZpSWegvi2MZDuOcFOWZEJmVS1+XM\
            M2Q4o25mw25GpTgARQC4/QSMt6Z6DN1SEAqcRocvd6O2DYoc93eXaIDp0YEQKxPQjWsBO7PogmcDXUEOr4byaHIoSinxbQeyYGcAKaL56gFREL\
            1HmRGtCdMo5o3QsCPJGitskRYtiRSNpyOFWrJscvw1sA92rJrA3RGSigGIE+L1kwvO/v+dkxA8CaYQQ0DSPqAZTX25gEM1mKwSNPFNug+GyT/6\
            v+uB2LGnw75ZFhFzOBV2BvPVpqjllRDbkQHWlnGiyBlUO8X17sFG4NgjoMb+mTUTpyFwhSLSJz9+RXX61DjX6RtatsgLgtXuDAULTn1GgxCKA/\
            rskKSVaeT1GVjqgD5Dxgu6h2nZo3RdwjjtE4pJNfaQA5cMmhGxC8HyhGfKiF6IeF+YpRqab+ARikYNni4ECg==
            """))
        let bytes = try ZstandardDecoder.decompress(Array(compressed), limit: ExpansionLimit(maximumOutputBytes: 1 << 20))
        var image = bytes
        image[18] = 1
        image[19] = 1
        let statement = try statementRows(try connection(image))
        #expect(statement.count == 12 && statement[0].id == 1_700_000_000_000 && statement[5].id == 0)
        let expected = statement.sorted { $0.id < $1.id }
        #expect(expected[0] == AnkiRevlogEntry(id: 0, cardID: 0, usn: 0, button: 0, interval: 0, lastInterval: 0, factor: 0,
                                               durationMilliseconds: 0, kind: 0))
        #expect(try refusal(image).kind == .damaged)
        let error = try #require(throws: AnkiError.self) { try AnkiFile.open(bytes: bytes, name: "collection.anki2") }
        #expect(error.kind == .damaged && error.reason.contains("integrity check"))
    }

    /// A damaged collection (9 pages and 100 bytes, its schema table damaged) that SQLite
    /// 3.40.1 refuses with one of two messages over the same bytes, "database disk image is
    /// malformed" or, in about one process in twenty, "malformed database schema (?)": the fuzz
    /// harness took them for two answers. Every connection refuses it as damaged, and
    /// `AnkiFile.open` refuses it (not whole pages) and its whole pages. Kept zstd-compressed
    /// (4,708 bytes).
    @Test func aDamagedSchemaIsRefusedEveryTime() throws {
        let compressed = try #require(Data(base64Encoded: """
            KLUv/WRkEQUeAAYplD3gGuewDijMIc7E1IEZxoWqE41yTAFI5OmxqqIWwy2l1luLBowm9Srps9Ehi/TrTxsta6iXXQn9a+VpkyQDfwCFAIIA\
            XHZn3ipbeL2VOcm+vK3hsJIHJ9sivPYXyRY5x8rCrbve9NYb5Y2Sx5Po8aM75LMMS1xVHYXqW2VOE79vLK8XAbrLhN/mHOUNZe/9e6N64GFy\
            HvTBv+1Rc3bSvl7sU931p9Z69sSd3vpRnW6ttapm6H9t6gm1s0c5Lqq8u8ESkz2GFXg+l8vRzAVNpbEejGxXY4h8fnm34V2dX3hGJnsrcxpV\
            rR2JcxsfVV0weCKiDkdEukxUdSpAEFVF+AvxEJKoMjfyDrtq6zqoKjCo8RuqwOEPKNww+fvCdpfncbgc7X86m0lDaQ3FclvqDsdy0ZjL2fZO\
            B7RALbf1ektpsYvdDvPOhW1omr6uoSANLaGWDL607Rse41M+fp83eqeXeq3XVlog7kU+y3BZjjuRLcYvjcuRLZIjZ7hMsstxCwPMrcwSkT0n\
            yA6EltC8ip5v7fK76nyrLLGj8K3tqqPYTfjWeb1Bo9JzZpo1vt/8vXf6Gtd2NL1uerazbxE5z+1bVGute0Qaz5kHD/zodo8+zyx3tzF+abjc\
            svMJCTka+jp6TGutcX6OMpTINm2b+/UUAsOy/TTdnMpmfpim+YEVn2TnuWwjtoTQII2i6Dbgmj3pmdhsp8mv25UGAFi2O32XMqHzaWFKZGab\
            mr/RU2A6nJ86AN3OkE/BUnRpG8Kh8tdq+/eWiwhmRB/glVWVpNuAqqgRIZZqSqQpLNRoDJBo5GYSNyKCIsQQYoSIGAEx2jASzsRKMDJBSQo8\
            CxJOPAbrCy4INS+2Z0b2O5PqXrI+s+eyh80IR7tZkqMBtuggp7zaK1nTzZWYglVghjowvh3V91c0Q7Vo/mTclNo4lC+ozhz6Y7BRJ3CrqxE4\
            mB0+U1K6lSZDdwbYNc1bDxAFMfbsLFyE4tUMKVI9menbKm9/aulJa58Szd0oFSe0BYUlGgOJqdjQarWN1H2GcItpFtLwuF5jqO6qZu6hARSa\
            uuYiKyYSoEigDVDfmSY/5v9bBUK4nv59RRZpc1QVBAezLGmuDz2o240zZC4bXkQfKgzb+vAgOeBwh6zBF0k9dTwDCAmjH7si6DrE9VFUW7Ym\
            Yy4ceRxqA6iEIOw8w017l6ke0M4OILQGflFhMAfCJ2ZsoXI4jD1KtxRmcx8oBtTqwwSsN3hGxG5A5xfGif/MENe7CW/p48bQu0YYAoxRA2Ht\
            YGA=
            """))
        let bytes = try ZstandardDecoder.decompress(Array(compressed), limit: ExpansionLimit(maximumOutputBytes: 1 << 20))
        #expect(bytes.count == 4_708)
        var image = bytes
        image[18] = 1
        image[19] = 1
        for _ in 0 ..< 8 {
            let error = try #require(throws: AnkiError.self) { try AnkiCollectionReader.reviewLog(try connection(image)) }
            #expect(error.kind == .damaged)
        }
        let cut = try #require(throws: AnkiError.self) { try AnkiFile.open(bytes: bytes, name: "collection.anki2") }
        #expect(cut.kind == .damaged && cut.reason.contains("cut short"))
        let whole = try #require(throws: AnkiError.self) { try AnkiFile.open(bytes: Array(bytes.prefix(4_608)), name: "collection.anki2") }
        #expect(whole.kind == .damaged)
    }

    private func collection(_ statements: String) throws -> [UInt8] {
        let directory = try TemporaryDirectory.make(prefix: "anki-scan-finding")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("collection.anki2").path
        let database = try TestDatabase(path: path)
        try database.execute(statements)
        database.close()
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A column added to the table after rows were written, with a default: those rows' records
    /// are a column short, and SQLite gives the default (3), where the scan gave 0.
    @Test func aRecordShorterThanTheTableReadsTheDefault() throws {
        let bytes = try collection("""
            CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
              ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL);
            INSERT INTO revlog VALUES (1700000000000, 100, 0, 3, 1, 0, 2500, 1000), (1700000000001, 100, 0, 3, 2, 1, 2500, 900);
            ALTER TABLE revlog ADD COLUMN type integer NOT NULL DEFAULT 3;
            INSERT INTO revlog VALUES (1700000000002, 100, 0, 3, 4, 2, 2500, 800, 1);
            """)
        let database = try connection(bytes)
        let rows = try AnkiCollectionReader.reviewLog(database)
        #expect(rows.map(\.kind) == [3, 3, 1])
        #expect(rows == (try statementRows(database)))
    }

    /// A real just under 2^63 in a column of REAL affinity (the reader checks the columns'
    /// names, and the first one's type): SQLite's integer of it is the real truncated; the
    /// scan saturated from 9.2e18 on.
    @Test func aRealNearTwoToTheSixtyThirdTruncatesAsSQLiteDoes() throws {
        let bytes = try collection("""
            CREATE TABLE revlog (id integer PRIMARY KEY, cid real NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
              ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL);
            INSERT INTO revlog VALUES (1700000000000, 9.21e18, 0, 3, 1, 0, 2500, 1000, 1), (1700000000001, 1e19, 0, 3, 1, 0, 2500, 1000, 1),
              (1700000000002, -9.3e18, 0, 3, 1, 0, 2500, 1000, 1), (1700000000003, -1e300, 0, 3, 1, 0, 2500, 1000, 1);
            """)
        let database = try connection(bytes)
        let root = try #require(try database.rootPage(of: "revlog"))
        let scan = try #require(SQLiteTableScan(image: database.imageBytes))
        var cards: [Int64] = []
        #expect(scan.rows(rootPage: root, columns: 9) { _, values in cards.append(values[1]) })
        #expect(cards == [9_210_000_000_000_000_000, .max, .min, .min])
        #expect((try AnkiCollectionReader.reviewLog(database)) == (try statementRows(database)))
    }
}
