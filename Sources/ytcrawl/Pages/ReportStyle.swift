/// The look `ytcrawl report` and `ytcrawl codebook --format html` share: one self-contained page
/// (no script, font or file from elsewhere), a title, a line about the output, then its sections.
enum ReportStyle {
    /// The page: `css` adds to the shared rules; `summary` is HTML (escaped by the caller).
    static func page(title: String, directory: String, summary: String, maxWidth: Int, css: String, body: String)
        -> String
    {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(SVGChart.escape(title))</title>
        <style>
          :root { color-scheme: light; font-family: system-ui, sans-serif; }
          body { margin: 0 auto; max-width: \(maxWidth)px; padding: 1rem 1.25rem 3rem; color: #1f2937; background: #fff; }
          h1 { font-size: 1.4rem; margin-bottom: .25rem; }
          h2 { font-size: 1.1rem; margin: 2rem 0 .5rem; }
          p { margin: .25rem 0; }
          .meta, .note { color: #6b7280; font-size: .9rem; }
        \(css)
        </style>
        </head>
        <body>
        <h1>\(SVGChart.escape(title))</h1>
        <p class="meta">\(SVGChart.escape(directory)): \(summary)</p>
        \(body)
        </body>
        </html>

        """
    }
}
