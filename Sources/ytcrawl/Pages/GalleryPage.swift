/// The static HTML of `ytcrawl gallery`: a thumbnail grid with title, channel and date, a badge
/// (LIVE, Upcoming, Streamed, Short) and labels (Made for kids, Creative Commons, Age-restricted)
/// where the record says so, lazy images, a search box filtering as you type (title, channel,
/// badge and labels; also from `#q=` in the address), and a click that
/// swaps the thumbnail for the YouTube embed player. Self-contained: no script or style from
/// elsewhere; the videos are a JSON island the page's script renders.
enum GalleryPage {
    static func html(title: String, videosJSON: String, count: Int) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(title)</title>
        <style>
          :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
          body { margin: 0; background: Canvas; color: CanvasText; }
          header { position: sticky; top: 0; display: flex; gap: 1rem; align-items: center; padding: .75rem 1rem;
                   background: Canvas; border-bottom: 1px solid #8884; z-index: 1; }
          header h1 { font-size: 1.1rem; margin: 0; }
          header input { flex: 1; max-width: 32rem; font-size: 1rem; padding: .4rem .6rem; }
          #grid { display: grid; gap: 1rem; padding: 1rem;
                  grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr)); }
          .card { cursor: pointer; border-radius: .5rem; overflow: hidden; background: #8881; }
          .card[hidden] { display: none; }
          .media { position: relative; aspect-ratio: 16 / 9; background: #0003; }
          .badge { position: absolute; top: .4rem; left: .4rem; padding: .1rem .4rem; border-radius: .25rem;
                   font-size: .75rem; font-weight: 600; color: #fff; background: #000b; }
          .badge.live { background: #dc2626; }
          .badge.upcoming { background: #2563eb; }
          .badge.short { background: #db2777; }
          .labels { display: flex; flex-wrap: wrap; gap: .3rem; list-style: none; margin: 0 .6rem .5rem; padding: 0; }
          .labels li { font-size: .7rem; padding: .05rem .35rem; border: 1px solid #8886; border-radius: .25rem; }
          .media img, .media iframe { width: 100%; height: 100%; object-fit: cover; border: 0; display: block; }
          .media img { color: transparent; }
          .card h2 { font-size: .95rem; margin: .5rem .6rem .25rem; line-height: 1.25; }
          .card p { font-size: .8rem; margin: 0 .6rem .6rem; opacity: .75; }
          .sparkline { display: block; margin: 0 .6rem .6rem; width: calc(100% - 1.2rem); height: 28px; }
          .sparkline polyline { fill: none; stroke: #3b82f6; stroke-width: 1.5; }
        </style>
        </head>
        <body>
        <header>
          <h1>\(title)</h1>
          <input id="search" type="search" placeholder="Filter by title, channel, badge or label" aria-label="Filter videos">
          <span id="count">\(count) videos</span>
        </header>
        <main id="grid"></main>
        <script type="application/json" id="videos">\(videosJSON)</script>
        <script>
        "use strict";
        const videos = JSON.parse(document.getElementById("videos").textContent);
        const grid = document.getElementById("grid");
        const search = document.getElementById("search");
        const count = document.getElementById("count");
        // The badges and labels the page knows; anything else in the island is not shown.
        const badgeClasses = { "LIVE": "live", "Upcoming": "upcoming", "Streamed": "streamed", "Short": "short" };
        const knownLabels = ["Made for kids", "Creative Commons", "Age-restricted"];
        const cards = videos.map((video) => {
          const card = document.createElement("article");
          card.className = "card";
          card.dataset.videoId = video.id;
          const badge = Object.hasOwn(badgeClasses, video.badge) ? video.badge : null;
          const labels = Array.isArray(video.labels) ? video.labels.filter((label) => knownLabels.includes(label)) : [];
          card.dataset.text = [video.title, video.channel, badge || "", ...labels].join(" ").toLowerCase();
          const media = document.createElement("div");
          media.className = "media";
          if (video.thumbnail) {
            const image = document.createElement("img");
            image.loading = "lazy";
            image.src = video.thumbnail;
            image.alt = video.title;
            media.append(image);
          }
          if (badge) {
            const mark = document.createElement("span");
            mark.className = "badge " + badgeClasses[badge];
            mark.textContent = badge;
            media.append(mark);
          }
          const heading = document.createElement("h2");
          heading.textContent = video.title;
          const meta = document.createElement("p");
          meta.textContent = video.channel + " · " + (video.published || "").slice(0, 10);
          card.append(media, heading, meta);
          if (labels.length) {
            const list = document.createElement("ul");
            list.className = "labels";
            for (const label of labels) {
              const item = document.createElement("li");
              item.textContent = label;
              list.append(item);
            }
            card.append(list);
          }
          if (Array.isArray(video.views) && video.views.length >= 2) card.append(sparkline(video.views));
          card.addEventListener("click", () => {
            if (media.querySelector("iframe")) return;
            const player = document.createElement("iframe");
            player.src = video.embed + "?autoplay=1";
            player.allow = "autoplay; encrypted-media; picture-in-picture";
            player.allowFullscreen = true;
            player.title = video.title;
            media.replaceChildren(player);
          });
          return card;
        });
        grid.append(...cards);
        // Views at each statistics snapshot, as a line (the first value at the left).
        function sparkline(views) {
          const ns = "http://www.w3.org/2000/svg";
          const svg = document.createElementNS(ns, "svg");
          svg.setAttribute("class", "sparkline");
          svg.setAttribute("viewBox", "0 0 100 28");
          svg.setAttribute("preserveAspectRatio", "none");
          const low = Math.min(...views), high = Math.max(...views), span = Math.max(1, high - low);
          const line = document.createElementNS(ns, "polyline");
          line.setAttribute("points", views.map((value, index) =>
            (index * 100 / (views.length - 1)).toFixed(1) + "," + (26 - 24 * (value - low) / span).toFixed(1)).join(" "));
          const title = document.createElementNS(ns, "title");
          title.textContent = "views: " + views.join(" → ");
          line.append(title);
          svg.append(line);
          return svg;
        }
        function filter() {
          const words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
          let shown = 0;
          for (const card of cards) {
            const match = words.every((word) => card.dataset.text.includes(word));
            card.hidden = !match;
            if (match) shown += 1;
          }
          count.textContent = words.length ? shown + " of " + cards.length + " videos" : cards.length + " videos";
        }
        search.addEventListener("input", filter);
        const fromAddress = new URLSearchParams(location.hash.slice(1)).get("q");
        if (fromAddress) { search.value = fromAddress; filter(); }
        </script>
        </body>
        </html>

        """
    }
}
