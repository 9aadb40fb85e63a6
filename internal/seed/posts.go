package seed

import (
	"time"

	"corpsite/internal/domain"
)

// demoPost is one demo blog post. Dates are relative to the day Load runs.
type demoPost struct {
	title       string
	description string
	image       string // file name in images/, or ""
	status      domain.PostStatus
	daysAgo     int           // created this many days before today…
	hour        time.Duration // …at this hour, UTC
	content     string
}

var demoPosts = []demoPost{
	{
		title:       "Custom software or off-the-shelf? How to decide",
		description: "Buying a ready-made product is quicker; building your own fits better. Here are the questions we work through with clients before anyone writes a line of code.",
		image:       "build-vs-buy.svg",
		status:      domain.PostPublished,
		daysAgo:     8,
		hour:        6,
		content: `<h2>Start with the process, not the product</h2>
<p>Most build-or-buy discussions begin with a shortlist of tools. We prefer to begin one step earlier, with a plain description of the work the software has to support. Who does what, in which order, with which information, and where does it go wrong today? An hour at a whiteboard with the people who do the job usually tells you more than a week of vendor demos.</p>
<p>Once the process is written down, sort each step into one of two piles. The first pile holds steps that work the same way in every company: sending invoices, booking leave, storing documents. The second holds steps that make your business different from its competitors, such as the way you price a job or schedule a field team. That split drives almost everything that follows.</p>
<h2>When off-the-shelf is the right call</h2>
<p>If most of your steps land in the first pile, buy. Mature products for accounting, payroll, ticketing or e-commerce carry years of fixes for problems you have not met yet, and their vendors keep them compliant with new rules. You pay a subscription, but you do not pay a team to maintain the code.</p>
<p>Ready-made software also makes sense when you need something working within weeks, when the budget is small, or when nobody in the company can own a custom system after launch. The honest cost of a product is the licence plus the time spent adapting your habits to it. For standard processes, that adaptation is often a good thing.</p>
<h2>When a custom build pays off</h2>
<p>Build when the second pile is large or important. If the way you work is the reason customers choose you, forcing it into a generic tool can erase the advantage. Custom software also wins when you would otherwise stitch together four products with spreadsheets and copy-paste, or when licence fees grow with every user in a way that stops making sense.</p>
<p>A custom system is an asset you own, but also a responsibility. Plan for hosting, security updates and a small, steady budget for changes. If nobody will look after it in two years, it will age badly, however good it was at launch.</p>
<h2>The middle path: configure, extend, integrate</h2>
<p>The choice is rarely all or nothing. Many of our projects keep a standard product at the core and build only the part that matters around it:</p>
<ul>
<li>a customer portal on top of an existing ERP,</li>
<li>a scheduling engine that feeds a ready-made CRM,</li>
<li>a small integration service that replaces a nightly spreadsheet export.</li>
</ul>
<p>This keeps the custom code small, focused and easier to maintain, while the commodity parts stay with a vendor who does that job full-time.</p>
<h2>A quick test you can run this week</h2>
<p>Take your three most important processes and ask of each one: would a customer notice if we did this exactly like our competitors do? Where the answer is no, look for a product. Where the answer is yes, that is where custom software earns its cost. If you would like a second opinion, our consultants are happy to walk through the list with you.</p>`,
	},
	{
		title:       "A practical cloud migration checklist",
		description: "Moving to the cloud is mostly planning and rehearsal. This is the checklist our cloud team uses to keep migrations boring, in the best sense of the word.",
		image:       "cloud-migration.svg",
		status:      domain.PostPublished,
		daysAgo:     22,
		hour:        7,
		content: `<h2>Take stock before you move anything</h2>
<p>Every migration we have seen go wrong skipped the inventory. Before choosing a cloud provider or a tool, list what you actually run: applications, databases, scheduled jobs, file shares, licences and the people who depend on each of them. Old servers tend to hide surprises, such as a script that emails a report every Monday or a database that three other systems read directly.</p>
<p>For each item, note its owner, how much downtime the business can accept, where its data lives and what it talks to. This list becomes the backbone of the whole project, so keep it in a shared place and update it as you learn.</p>
<ul>
<li>Applications and their versions</li>
<li>Data stores, sizes and growth rates</li>
<li>Connections between systems, including the undocumented ones</li>
<li>Compliance rules on where data may be stored</li>
</ul>
<h2>Pick a strategy for each workload</h2>
<p>Not everything should move the same way. Some systems can be lifted onto cloud virtual machines almost unchanged; that is quick and a reasonable first step. Others benefit from small changes, for example swapping a self-managed database for a managed one. A few are worth rebuilding, and some are better retired or replaced by a software-as-a-service product.</p>
<p>Decide per workload, and start with something that matters but will not sink the business if the first attempt stumbles. An internal reporting tool is a better pilot than the checkout page. The pilot teaches your team the landing zone, the deployment process and the monitoring before the stakes are high.</p>
<h2>Plan the cut-over like a rehearsal</h2>
<p>The day you switch traffic should hold no new decisions. Write a runbook with every step, who does it and how long it should take, and practise it on a copy of production. Measure how long data synchronisation really takes; it is often slower than expected.</p>
<p>Agree in advance what failure looks like and how you roll back. If the error rate crosses a threshold or a key check fails, the team returns to the old system without a debate. Knowing the way back makes it much easier to go forward with confidence.</p>
<h2>After the move: costs, alerts and clean-up</h2>
<p>A migration is not finished when the traffic arrives. In the first month, watch the bill as closely as the dashboards. Right-size machines that were copied over with generous headroom, switch off what nobody uses and tag every resource with an owner, so that the next invoice has no mysteries.</p>
<p>Check that alerts reach a person, that backups restore, and that access is limited to those who need it. Finally, decommission the old servers and cancel their contracts. Until that happens you are paying twice, and the old environment keeps tempting people back.</p>`,
	},
	{
		title:       "What a good IT consulting engagement looks like",
		description: "A consulting project should leave you with a decision you trust and a plan your own team can carry out. Here is what that looks like from the inside.",
		image:       "consulting-engagement.svg",
		status:      domain.PostPublished,
		daysAgo:     39,
		hour:        8,
		content: `<h2>A clear question at the start</h2>
<p>The best engagements begin with a question that fits in one sentence. Should we replace our warehouse system or extend it? Can our platform handle three times the current load next year? What will it cost to bring our applications up to current security standards? A sharp question keeps everyone honest about what is in scope and what is not.</p>
<p>In the first meeting we also agree on what a good outcome looks like and who will make the final decision. If that person is not involved from the start, even a strong recommendation can stall at the last step.</p>
<h2>Discovery that involves the people doing the work</h2>
<p>Consultants who only talk to senior management miss half the story. We spend time with the people who use the systems every day, the developers who maintain them and the finance team who pays for them. Their workarounds and frustrations are often the most useful data we collect.</p>
<p>Good discovery is also short. For most questions, two to four weeks is enough to read the documentation, look at the code and infrastructure, and run a handful of workshops. Longer phases tend to produce thicker reports rather than better answers.</p>
<h2>Options, not a single answer</h2>
<p>Beware of advice that arrives with only one option, especially if it happens to be something the adviser sells. We present two or three realistic paths, each with its cost, its risks, the skills it needs and the time it takes to show results. Doing nothing is usually one of them, and it is useful to see its price written down.</p>
<p>A short comparison helps decision-makers see the trade-offs at a glance:</p>
<ul>
<li>What changes for users, and when</li>
<li>What it costs up front and each year after</li>
<li>What could go wrong, and how we would notice early</li>
</ul>
<p>We also say plainly where we are unsure. An estimate with an honest range is more useful than a precise number nobody believes, and it shows where a small experiment could remove the biggest doubt before you commit the full budget.</p>
<h2>A hand-over you can act on</h2>
<p>The final deliverable should be something your own team can pick up on Monday morning: a roadmap broken into phases, the first few pieces of work described in enough detail to estimate, and the open questions listed honestly. A slide deck that only its authors understand does not count.</p>
<p>We like to stay involved for the first phase of delivery, lightly, to help adjust the plan when reality disagrees with it. After that, the best sign of a good engagement is that you do not need us for that question any more.</p>`,
	},
	{
		title:       "Keeping a small-business web app secure",
		description: "You do not need a security team to avoid the most common attacks. A handful of habits protects most small-business web applications.",
		image:       "secure-web-apps.svg",
		status:      domain.PostPublished,
		daysAgo:     61,
		hour:        9,
		content: `<h2>Keep everything up to date</h2>
<p>Most successful attacks on small web applications do not use clever new techniques. They use known holes in old software: an outdated content management system, an unpatched library or a server that has not been updated in years. Keeping things current is dull work, which is exactly why it is so often skipped.</p>
<p>Make updates a routine rather than an event. Turn on automatic security updates for the operating system, use a dependency scanner in your build, and set aside a few hours each month to apply what it finds. If a component is no longer maintained by anyone, plan its replacement before it becomes urgent.</p>
<h2>Protect accounts and secrets</h2>
<p>Stolen passwords remain the easiest way in. Require multi-factor authentication for every administrator account, including the hosting control panel, the domain registrar and the email service. Store customer passwords only as strong, salted hashes, and limit how quickly anyone can guess them.</p>
<p>Secrets such as API keys and database passwords belong in a secret store or in the environment, never in the code repository. Give each service its own credentials with the least access it needs, so that a leak in one place does not open every door. When someone leaves the company, removing their access should be a checklist item, not an afterthought.</p>
<h2>Validate input and limit what the app can do</h2>
<p>Treat everything that arrives from a browser as untrusted, even if your own form sent it. Check types, lengths and formats on the server, use parameterised queries for the database, and escape output so that user content cannot become script in someone else’s browser.</p>
<p>A few HTTP headers add another layer at almost no cost:</p>
<ul>
<li>a content security policy that only allows scripts from your own site,</li>
<li>HTTPS everywhere, with strict transport security,</li>
<li>cookies marked secure, HTTP-only and same-site.</li>
</ul>
<p>Uploaded files deserve special care. Keep them out of the public web folder, check their type and size, and serve private documents only to people who are signed in and allowed to see them.</p>
<h2>Back up, log and rehearse</h2>
<p>No defence is perfect, so plan for a bad day. Take automatic backups, keep at least one copy somewhere an attacker with access to your servers cannot delete it, and test a restore every few months. A backup you have never restored is a hope, not a plan.</p>
<p>Keep logs of sign-ins, administrative actions and errors for long enough to investigate an incident, and make sure they do not contain passwords or personal data. Finally, write a one-page plan that says who to call and what to switch off first. If you would like a quick review of your own application, our team runs short, fixed-price security check-ups for small businesses.</p>`,
	},
	{
		title:       "Notes from our new Bangalore office",
		description: "Draft: a short look at how we set up our second office and what we changed along the way.",
		status:      domain.PostDraft,
		daysAgo:     1,
		hour:        5,
		content: `<h2>Why a second office</h2>
<p>For years everyone at Nimbus Grove worked from Uppal, and that suited us well. As more of our cloud and design work came from clients in Bangalore, travelling for every workshop stopped making sense, and several people we wanted to hire preferred not to move.</p>
<p>So we opened a small office with room for thirty people and a workshop space that clients can book.</p>
<h2>What we kept the same</h2>
<p>Both offices share one set of tools, one on-call rota and one weekly demo, held on video so that nobody is a second-class participant. Teams are mixed across cities wherever the work allows it.</p>
<h2>What we are still working out</h2>
<p>Informal conversations are harder across two cities. We are trying a few things, such as a monthly trip in each direction and shared lunch breaks on video, and we will report back on what works.</p>`,
	},
}
