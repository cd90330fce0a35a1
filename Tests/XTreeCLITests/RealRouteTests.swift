import Testing
import XTree
import XTreeRoutes

/// Links real apps have, declared in a table: forms of several values, values with literal
/// text around them, query items a form ignores, and patterns a table reports instead of
/// trapping at launch.
@Suite struct RealRouteTests {
    enum TripLink: Hashable, Sendable {
        case booking(trip: String, booking: Int)
        case inbox(thread: String)
        case section(String)
        case user(String)
        case trips
    }

    enum Section: String, CaseIterable, RouteParameter {
        case general, privacy
    }

    static let table = RouteTable<TripLink>(
        scheme: "trips", universalHosts: ["trips.example"],
        [
            RouteForm(
                "trip/{id}/booking/{booking}", TripLink.booking,
                { if case .booking(let trip, let booking) = $0 { (trip, booking) } else { nil } },
                reaches: Int.self, where: "booking", samples: [("rome", 1), ("oslo", 94)]),
            RouteForm(
                "inbox?thread={id}", TripLink.inbox, { if case .inbox(let id) = $0 { id } else { nil } },
                reaches: Int.self, samples: ["t1"]
            )
            .ignoringQueryItems("token"),
            RouteForm(
                "deep-link?url=/settings/{section}", { (section: Section) in TripLink.section(section.rawValue) },
                { if case .section(let name) = $0 { Section(rawValue: name) } else { nil } }, reaches: Int.self),
            RouteForm(
                "people/@{user}", TripLink.user, { if case .user(let user) = $0 { user } else { nil } },
                reaches: Int.self, samples: ["ana"]),
            RouteForm("trips", TripLink.trips, reaches: Int.self).openingNewEachTime(),
        ])

    @Test func aFormOfTwoValuesReadsAndPrintsBoth() throws {
        #expect(try Self.table.parse("trips://trip/rome/booking/94") == TripLink.booking(trip: "rome", booking: 94))
        #expect(try Self.table.parse("https://trips.example/trip/a%2Fb/booking/1") == .booking(trip: "a/b", booking: 1))
        #expect(Self.table.url(for: .booking(trip: "a b", booking: 3)) == "trips://trip/a%20b/booking/3")
        let (_, route, values) = try Self.table.match("trips://trip/rome/booking/94")
        #expect(values == ["rome", "94"])
        #expect(route.condition(forValues: values)?.key == "booking")
        #expect(route.condition(forValues: values)?.value == "94")
        let form = "trips://trip/<id>/booking/<booking>"
        #expect(Self.table.forms.contains(form))  // availability: an array's contains(_:), of an element
    }

    @Test func theValueARefusedLinkGetsWrongIsNamed() {
        #expect(throws: RouteError.self) { try Self.table.parse("trips://trip/rome/booking/x") }
        do throws(RouteError) {
            _ = try Self.table.parse("trips://trip/rome/booking/x")
        } catch {
            #expect(error.kind == .invalidValue("x", name: "booking", choices: nil))
        }
        do throws(RouteError) {
            _ = try Self.table.parse("trips://deep-link?url=/settings/colour")
        } catch {
            #expect(error.kind == .invalidValue("colour", name: "section", choices: ["general", "privacy"]))
        }
    }

    @Test func aValueWithLiteralTextAroundItIsReadInsideItsPart() throws {
        #expect(try Self.table.parse("trips://deep-link?url=/settings/privacy") == .section("privacy"))
        #expect(Self.table.url(for: .section("general")) == "trips://deep-link?url=/settings/general")
        #expect(try Self.table.parse("https://trips.example/people/@ana") == .user("ana"))
        #expect(throws: RouteError.self) { try Self.table.parse("trips://people/ana") }
        #expect(throws: RouteError.self) { try Self.table.parse("trips://deep-link?url=/homepanel/privacy") }
        let form = "trips://deep-link?url=/settings/<general|privacy>"
        #expect(Self.table.forms.contains(form))  // availability: an array's contains(_:), of an element
    }

    @Test func aQueryItemTheFormIgnoresIsNeitherStrayNorPrinted() throws {
        #expect(try Self.table.parse("trips://inbox?thread=t9&token=secret") == .inbox(thread: "t9"))
        #expect(try Self.table.parse("trips://inbox?token=a&thread=t9&token=b") == .inbox(thread: "t9"))
        #expect(Self.table.url(for: .inbox(thread: "t9")) == "trips://inbox?thread=t9")
        do throws(RouteError) {
            _ = try Self.table.parse("trips://inbox?thread=t9&page=2")
            Issue.record("a query item the form neither names nor ignores was taken")
        } catch {
            #expect(error.kind == .strayQueryItems(["page=2"]))
        }
    }

    /// A form declared to open something new each time says so in its examples and sample
    /// links, which fuzzing reads; the other forms do not.
    @Test func aFormThatOpensSomethingNewEachTimeSaysSoInItsExamples() {
        for examples in [Self.table.examples, Self.table.sampleLinks] {
            let opening = Set(examples.filter(\.opensNewEachTime).map(\.form))
            let trips = "trips://trips"
            #expect(opening.contains(trips), "\(examples)")  // availability: a set's contains(_:), of an element
            #expect(opening.allSatisfy { $0.hasSuffix("/trips") }, "\(examples)")
        }
    }

    /// Each value's samples are tried with the others': a combination no sample names.
    @Test func theSamplesOfAFormOfTwoValuesCombineEachValuesOwn() {
        let links = Self.table.sampleLinks.map(\.link).filter { $0.hasPrefix("trips://trip/") }
        #expect(
            links == [
                "trips://trip/rome/booking/1", "trips://trip/oslo/booking/94", "trips://trip/rome/booking/94",
                "trips://trip/oslo/booking/1",
            ])
        // Each form's own: no other form's sample (`t1`, `ana`) among them.
        #expect(Self.table.examples.first?.link == "trips://trip/rome/booking/1")
    }

    @Test func theTableRoundTripsEveryValueOfEveryForm() {
        #expect(Self.table.problems.isEmpty)
        #expect(Self.table.roundTripFailures().isEmpty, "\(Self.table.roundTripFailures())")
    }

    /// A pattern its form cannot read is reported by the table and its one-line test, and the
    /// form matches nothing: no trap at launch.
    @Test(arguments: [
        ("trip/{id}/booking", "the pattern has 1 {name}, the form's link takes 2 value(s): trip/{id}/booking"),
        ("trip/{id}/{id}", "two values named id: trip/{id}/{id}"),
        ("trip/{id}-{booking}", "two values in one part: trip/{id}-{booking}"),
        ("trip//{id}/{booking}", "an empty segment: trip//{id}/{booking}"),
        ("trip/{}/{booking}", "a value without a name: trip/{}/{booking}"),
        ("trip/{id/{booking}", "a '{' without its '}': trip/{id/{booking}"),
    ])
    func aPatternItsFormCannotReadIsAProblemNotATrap(pattern: String, problem: String) {
        let table = RouteTable<TripLink>(
            scheme: "trips",
            [
                RouteForm(
                    pattern, TripLink.booking,
                    { if case .booking(let trip, let booking) = $0 { (trip, booking) } else { nil } },
                    reaches: Int.self, samples: [("rome", 1)])
            ])
        #expect(table.problems == [problem])
        #expect(table.roundTripFailures().first == problem)
        #expect(table.examples.isEmpty)
        #expect(throws: RouteError.self) { try table.parse("trips://trip/rome/booking/1") }
    }

    @Test func aPatternDeclaredTwiceIsAProblem() {
        let table = RouteTable<TripLink>(
            scheme: "trips",
            [
                RouteForm("trips", TripLink.trips, reaches: Int.self),
                RouteForm("trips", TripLink.trips, reaches: Int.self),
            ])
        #expect(table.problems == ["declared twice: trips"])
    }
}
