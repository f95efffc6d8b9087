/**
 * The web pages' one stylesheet, served by the bot at `/assets/app.css` (no CDN, no build step): readable on a phone
 * (fluid grid, 16 px text), with visible keyboard focus and text contrast of at least 4.5:1 on its backgrounds.
 */
export const APP_CSS = `
:root { color-scheme: light; --fg: #1b1f24; --muted: #4a5360; --bg: #ffffff; --panel: #f3f5f8; --accent: #0b57d0; --danger: #a3161b; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, input:focus, input:focus-within, select:focus { outline: 3px solid var(--accent); outline-offset: 2px; }
.skip { position: absolute; left: -999px; top: 0; background: var(--bg); padding: .5rem; }
.skip:focus { left: .5rem; }
header { display: flex; flex-wrap: wrap; gap: .75rem 1.25rem; align-items: center; padding: .75rem 1rem; background: var(--panel); border-bottom: 1px solid #d5dae1; }
header nav { display: flex; gap: 1rem; flex-wrap: wrap; }
header nav a[aria-current="page"] { font-weight: 700; text-decoration: none; color: var(--fg); }
header form { margin-left: auto; }
main { padding: 1rem; max-width: 72rem; margin: 0 auto; }
h1 { font-size: 1.5rem; margin: .25rem 0 1rem; }
button { font: inherit; padding: .4rem .9rem; border: 1px solid var(--accent); border-radius: .4rem; background: var(--accent); color: #fff; cursor: pointer; }
button.link { background: transparent; color: var(--accent); border-color: transparent; padding: .2rem .4rem; text-decoration: underline; }
label { display: block; font-weight: 600; margin: .5rem 0 .2rem; }
input, select { font: inherit; padding: .35rem .5rem; border: 1px solid #7a8594; border-radius: .3rem; max-width: 100%; }
.filters { display: flex; gap: .75rem; align-items: end; flex-wrap: wrap; margin-bottom: 1rem; }
.filters label { margin: 0; }
.gallery { list-style: none; margin: 0; padding: 0; display: grid; gap: 1rem; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); }
.card { border: 1px solid #d5dae1; border-radius: .5rem; overflow: hidden; background: var(--bg); display: flex; flex-direction: column; }
.card img, .card video { width: 100%; height: auto; aspect-ratio: 1 / 1; object-fit: cover; background: var(--panel); display: block; }
.card .meta { padding: .6rem .75rem; font-size: .9rem; }
.card .prompt { font-size: 1rem; margin: 0 0 .4rem; overflow-wrap: anywhere; }
.card dl { display: grid; grid-template-columns: auto 1fr; gap: .1rem .6rem; margin: 0 0 .5rem; color: var(--muted); }
.card dt { font-weight: 600; }
.card dd { margin: 0; overflow-wrap: anywhere; }
.fields { display: grid; grid-template-columns: auto 1fr; gap: .3rem 1rem; max-width: 36rem; }
.fields dt { font-weight: 600; }
.fields dd { margin: 0; }
pre.text { white-space: pre-wrap; background: var(--panel); padding: .75rem; border-radius: .4rem; overflow-wrap: anywhere; }
.notice { padding: .75rem 1rem; border-radius: .4rem; background: var(--panel); border-left: 4px solid var(--accent); }
.notice.error { border-left-color: var(--danger); }
/* member pages */
.filters > div { display: flex; flex-direction: column; }
.filters a { align-self: center; }
.card .gone { margin: 0; aspect-ratio: 1 / 1; display: flex; align-items: center; justify-content: center; text-align: center; padding: 1rem; background: var(--panel); color: var(--muted); }
.card .actions { display: flex; gap: .5rem; flex-wrap: wrap; margin-top: .5rem; }
.card .actions form { margin: 0; }
.more { text-align: center; margin: 1.5rem 0; }
form.setting { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: end; padding: .6rem 0; border-bottom: 1px solid #d5dae1; }
form.setting label { margin: 0 0 .2rem; }
form.setting > div { display: flex; flex-direction: column; min-width: 10rem; }
ul.refs { list-style: none; padding: 0; margin: 0; }
ul.refs li { border: 1px solid #d5dae1; border-radius: .5rem; padding: .6rem .75rem; margin-bottom: .75rem; overflow-wrap: anywhere; }
@media (max-width: 480px) {
  .gallery { grid-template-columns: 1fr; }
  .filters > div, form.setting > div { flex: 1 1 100%; }
  .filters input, .filters select, form.setting input, form.setting select { width: 100%; }
}
/* owner pages */
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.scroll { display: block; position: relative; overflow-x: auto; max-width: 100%; }
main li, main dd, main p { overflow-wrap: anywhere; }
/* .sr text is positioned inside .scroll (relative), so it never widens the page beyond a scrolled table. */
.scroll:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
table { border-collapse: collapse; margin: 0 0 1rem; }
th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid #d5dae1; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
th small { font-weight: 400; color: var(--muted); }
form.inline { margin: 0; }
button.secondary { background: var(--bg); color: var(--accent); }
a.button { display: inline-block; padding: .4rem .9rem; border-radius: .4rem; background: var(--accent); color: #fff; text-decoration: none; }
a.button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.picks { list-style: none; padding: 0; display: flex; flex-direction: column; gap: .5rem; }
/* admin pages */
.subnav ul { list-style: none; margin: 0 0 1rem; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem .5rem; }
.subnav a { display: inline-block; padding: .3rem .6rem; border-radius: .3rem; }
.subnav a[aria-current="page"] { background: var(--panel); color: var(--fg); font-weight: 700; text-decoration: none; }
.table-wrap { overflow-x: auto; margin: 0 0 1rem; }
table.data { border-collapse: collapse; min-width: 100%; font-size: .95rem; }
table.data caption { text-align: left; font-weight: 600; padding: .25rem 0; }
table.data th, table.data td { border-bottom: 1px solid #d5dae1; padding: .35rem .6rem; text-align: left; vertical-align: top; }
table.data th.num { text-align: right; }
table.data td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.data tr.total th, table.data tr.total td { font-weight: 700; }
table.data code.json { font-size: .8rem; overflow-wrap: anywhere; }
.chart-figure { margin: 0 0 1rem; }
.chart { width: 100%; height: 24rem; }
.form-row { display: flex; flex-wrap: wrap; gap: 1rem; margin: 0 0 1rem; }
.admin-form { border: 1px solid #d5dae1; border-radius: .5rem; padding: .75rem; background: var(--bg); max-width: 100%; }
.admin-form button { margin-top: .6rem; }
.admin-form.compact { border: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .4rem; align-items: end; }
.admin-form.compact label { font-weight: 400; font-size: .85rem; margin: 0; }
.admin-form.compact input { width: 8rem; }
form.inline { display: inline-block; margin: 0 .4rem .4rem 0; }
td.actions { min-width: 16rem; }
.facts { padding-left: 1.2rem; }
p.reply { white-space: pre-wrap; overflow-wrap: anywhere; margin: .2rem 0; }
.pager { display: flex; gap: 1.5rem; }
`;
