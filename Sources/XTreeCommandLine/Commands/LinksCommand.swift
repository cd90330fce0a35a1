import Foundation
import XTree
import XTreeArgumentParser
import XTreeReachability
import XTreeTargets

struct LinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "links",
        summary: "Check a website's universal-link file against the app, both ways.",
        discussion: """
            Reads the apple-app-site-association file FILE strictly and, for each rule of each
            app it names (or of the app --app-id names), opens URLs of --domain that the rule
            matches (the app's own link examples, else one made from its sample values) in a
            fresh app, as the app's DeepLinkableApp type opens them: a rule passes when its
            URLs reach a screen. Then lists the app's https link forms on the domain that no
            rule opens (they open the browser), and excluded URLs the app would open. The
            status is 1 if any advertised URL fails or any form is not advertised. With --attach,
            the running app's examples and values are those its inspector's DeepLinkableApp type
            gives, and each URL is opened in the running app, one after another: it is left
            where the last one took it. With --write-aasa, writes FILE instead: a file that
            advertises every https link form of the app on --domain for --app-id, which the
            check then passes. With --as-activity, each URL is opened as the system hands a
            universal link to an app: a user activity of type NSUserActivityTypeBrowsingWeb with
            the URL as its web page (an Entry), for an app that routes them by their activity.
            """,
        roles: [.starting]
    )

    @Option(
        name: "aasa", value: "FILE", help: "The apple-app-site-association file (- for standard input).", required: true
    )
    var file: RawPath?
    @Option(name: "domain", value: "HOST", help: "The website's host, such as recipes.example.", required: true)
    var domain: String?
    @Option(name: "app-id", value: "ID", help: "Check this app's entries only (TEAMID.bundle.id).")
    var appID: String?
    @Option(name: "format", help: "Report format (default text).")
    var format: CheckCommand.ReportFormat = .text
    @Flag(name: "write-aasa", help: "Write FILE from the app's https link forms on --domain instead (needs --app-id).")
    var write: Bool
    @Flag(
        name: "as-activity",
        help: "Open each URL as the user activity a universal link arrives as.")
    var asActivity: Bool
    @OptionGroup var attach: AttachOption

    func validate() throws(CLIError) {
        if write, appID == nil {
            throw .usage("--write-aasa writes the entry of one app: give --app-id TEAMID.bundle.id", command: nil)
        }
        guard file != nil else { throw .usage("'links' needs --aasa FILE, the association file", command: nil) }
        guard let domain else { throw .usage("'links' needs --domain HOST, the website's host", command: nil) }
        guard !domain.isEmpty, domain.utf8.count <= 253, !domain.contains(where: { "/:?#@ ".contains($0) }) else {
            throw .usage("--domain takes a host name, such as recipes.example", command: nil)
        }
    }

    func run(_ context: Context) async throws(CLIError) {
        let app = try context.runningOrExample(attach)
        if write { return try writeFile(app, context: context) }
        let association: AppSiteAssociation
        do {
            association = try AppSiteAssociation(data: try context.read(file ?? RawPath("-"), what: "association file"))
        } catch let error as AssociationError {
            throw .failure("cannot read the association file: \(TerminalText.escaped(error.description))")
        } catch {
            throw .failure("\(error)")
        }
        var check = AssociationCheck(association: association, domain: domain ?? "", appID: appID)
        check.opensAsActivities = asActivity
        let report: AssociationReport
        // Which app is checked comes first, never left to be guessed: on standard error for
        // the machine formats, whose output is the report alone.
        func announce(_ app: String) {
            let line =
                "checking \(app) against \(Context.sourceName(file ?? RawPath("-"))) on \(domain ?? "")"
                + (asActivity ? ", each URL as the user activity it arrives as\n" : "\n")
            if format == .text { context.console.out(line) } else { context.console.err(line) }
        }
        let client = app.client
        announce(app.announced)
        guard client.appType != nil || !client.linkExamples.isEmpty else {
            throw .failure(
                "the app names no DeepLinkableApp type to its inspector, so it gives no link examples; "
                    + "give Inspector(name:app:root:) your type")
        }
        report = await check.run(examples: client.linkExamples, samples: client.sampleValues) { link in
            // A launched app takes each link from a fresh root; a running one as it is.
            switch app.open(link) {
            case .failure(let failure): return .failed(failure.description)
            case .success(let answer):
                if let error = answer.result.error { return .failed(error) }
                guard let end = answer.path.last else { return .failed("the handler returned nothing in the tree") }
                return .reached(screen: end.type)
            }
        }
        switch format {
        case .text: context.console.out(report.summary)
        case .json: context.console.out(report.json)
        case .junit: context.console.out(report.junitXML)
        }
        guard report.passed else {
            let failed = report.failures.count
            throw .failure(
                report.tables.isEmpty
                    ? "no entry of the file names \(TerminalText.escaped(appID ?? "an app"))"
                    : "\(failed) \(failed == 1 ? "failure" : "failures") of the association file against the app")
        }
    }

    /// Writes the association file of the app's https forms on the domain.
    private func writeFile(_ running: AttachedTarget, context: Context) throws(CLIError) {
        let forms = running.client.linkExamples.map(\.form)
        let app = running.name
        let domain = domain ?? ""
        let advertised = forms.filter { $0.lowercased().hasPrefix("https://\(domain.lowercased())/") }
        guard !advertised.isEmpty else {
            throw .failure("\(app) has no https link form on \(TerminalText.escaped(domain)) to advertise")
        }
        let data = AppSiteAssociation.written(forms: advertised, domain: domain, appID: appID ?? "")
        try context.write(data + Data("\n".utf8), to: file ?? RawPath("-"), what: "association file")
        context.console.err(
            "wrote \(Set(advertised).count) components of \(app)'s forms on \(TerminalText.escaped(domain)) "
                + "for \(TerminalText.escaped(appID ?? "")) to \(Context.sourceName(file ?? RawPath("-")))\n")
    }
}
