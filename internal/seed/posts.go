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
		title:       "Choosing a tech stack for your first product",
		description: "Languages and frameworks matter less than most founders fear. What matters is picking tools your team can hire for, run and change for years.",
		image:       "tech-stack.svg",
		status:      domain.PostPublished,
		daysAgo:     4,
		hour:        7,
		content: `<h2>The stack is a hiring decision</h2>
<p>Founders often ask us which language or framework will make their product succeed. The honest answer is that almost any mainstream choice can carry a product a very long way. What the choice really decides is who you can hire, how quickly new people become useful and how many answers they will find when they are stuck late at night.</p>
<p>Before comparing benchmarks, look at the people. Which tools does your current team know well? Which ones are common in the city where you plan to hire? A stack that three local agencies and a thousand freelancers already use is a safer bet than a clever one that only your first engineer understands.</p>
<h2>Boring choices age well</h2>
<p>For a first product we usually recommend a well-known web framework, a relational database and a hosting platform that handles servers for you. These tools have been tested by millions of projects, their failure modes are documented and their security updates arrive on time.</p>
<p>New tools are tempting because they promise speed. Sometimes they deliver it, but they also bring young libraries, changing interfaces and fewer people who can help. Spend your appetite for novelty on the part of the product that makes you different, not on the plumbing underneath it.</p>
<ul>
<li>Pick one main language for the server and, if possible, share it with the front end.</li>
<li>Use a relational database until you have a concrete reason not to.</li>
<li>Prefer managed services for databases, queues and file storage.</li>
</ul>
<h2>Plan for change, not for scale</h2>
<p>Very few products fail because their first version could not handle a million users. Many fail because the team could not change the product quickly enough once real customers told them what they actually needed. Optimise for change: clear module boundaries, automated tests around the important rules and a deployment that takes minutes, not days.</p>
<p>When growth does arrive, a sensible stack scales further than people expect. Caching, a larger database server and a few background workers carry most businesses for years. Rewrites are expensive; reach for one only when measurements, not fashion, say you must.</p>
<h2>Write the decision down</h2>
<p>Whatever you choose, record why. A short page that lists the options you considered, what mattered to you and what you decided helps every future hire understand the codebase. It also makes it easier to revisit the choice calmly when circumstances really change.</p>
<p>If you are about to start a product and would like a second opinion on your stack, our custom software team is happy to spend an hour with you. We will ask more questions about your customers and your team than about frameworks, and that is deliberate.</p>`,
	},
	{
		title:       "Data analytics without a data team",
		description: "You can answer most business questions with the data you already have, a tidy database and a few honest dashboards. Here is how to start small.",
		image:       "data-dashboards.svg",
		status:      domain.PostPublished,
		daysAgo:     15,
		hour:        8,
		content: `<h2>Start from questions, not from tools</h2>
<p>Analytics projects often begin with a purchase: a dashboard product, a data warehouse, a new tracking script. A few months later the dashboards are full of charts and nobody looks at them. We suggest starting somewhere cheaper, with a list of questions that people in the business ask every week and currently answer by guessing.</p>
<p>Good questions are specific. Which customers ordered last quarter but not this one? How long does an enquiry wait before someone replies? Which service brings in the most repeat work? Each question tells you which data you need, how fresh it must be and who will act on the answer.</p>
<h2>Get the data into one tidy place</h2>
<p>Most small and medium businesses already hold the data they need, spread across an accounting package, a customer database, spreadsheets and a web shop. The first real step is to copy the useful parts into one database on a schedule, with the same customer and product identifiers everywhere.</p>
<p>This does not require a large platform. A managed relational database and a few scheduled jobs that load and clean the data are enough for a surprising amount of work. What matters more is care: consistent names, dates in one time zone, and a short note for each table that says where it comes from.</p>
<ul>
<li>Load raw data first, then build clean tables from it, so mistakes can be fixed later.</li>
<li>Keep personal data to the minimum the questions need.</li>
<li>Check row counts after every load, and alert someone when they look wrong.</li>
</ul>
<h2>Dashboards people actually read</h2>
<p>A useful dashboard answers one question for one audience. The sales team needs a different page from the finance team, and both need fewer charts than they think. Put the number that matters at the top, show how it changed, and link to the detail for people who want to dig.</p>
<p>Agree on definitions before building anything. If two reports disagree about what counts as an active customer, people stop trusting both of them. Writing the definitions down is boring work that pays for itself many times over.</p>
<h2>Grow when the questions grow</h2>
<p>Once the basics work, you will find harder questions: forecasts, customer segments, experiments on pricing. That is the moment to consider specialist tools or a dedicated analyst, because you will know exactly what they should do. Our data analytics team often helps clients with the first tidy database and a handful of dashboards, then hands the keys to their own people.</p>`,
	},
	{
		title:       "Mobile app or responsive website? A short guide",
		description: "A native app is not always the best way to reach people on their phones. These questions help you decide between an app, a web app and both.",
		image:       "mobile-or-web.svg",
		status:      domain.PostPublished,
		daysAgo:     30,
		hour:        6,
		content: `<h2>Where your users already are</h2>
<p>Almost every client who asks us for a mobile app has a good reason: their customers live on their phones. The question is whether those customers want to install something. People download new apps rarely and delete them quickly, so an app has to earn its place on the home screen by being used often.</p>
<p>If customers will visit a few times a year, to book a service or check an invoice, a fast responsive website usually serves them better. It works from a link in an e-mail, needs no store approval and is updated for everyone the moment you deploy.</p>
<h2>When a native app earns its place</h2>
<p>Native apps shine when people use them daily, when they need the device in depth, or when they must work without a network. Field teams recording visits in basements, customers scanning items in a shop and drivers following routes all benefit from an app that starts instantly and keeps working offline.</p>
<p>Push notifications, background location and tight camera integration are also easier and more reliable in a native or cross-platform app. If those features sit at the heart of the product rather than at its edge, an app is probably the right call.</p>
<h2>The middle ground</h2>
<p>Modern web apps can do more than many people realise. They can be installed on the home screen, cache data for short offline periods, use the camera and receive notifications on most devices. Cross-platform frameworks, on the other side, let one team ship to both major phone platforms from a single codebase.</p>
<ul>
<li>Start with a responsive web app when reach and quick updates matter most.</li>
<li>Choose a cross-platform app when you need device features but have one team.</li>
<li>Build fully native apps when performance or platform polish is the product.</li>
</ul>
<h2>Budget for the whole life of the product</h2>
<p>An app is not finished at launch. Phone operating systems change every year, stores update their rules, and users expect regular improvements. Plan for two releases a year at the very least, plus the time to answer reviews and support requests.</p>
<p>A website also needs care, but one codebase and one deployment keep the cost lower. Whichever way you lean, build the server side as a clean API from the start, so that a web app today and a phone app tomorrow can share the same rules and data. Our app development team is glad to sketch both options with rough costs before you commit.</p>`,
	},
	{
		title:       "Five habits of teams that ship reliable software",
		description: "Reliable releases come less from heroics than from small habits repeated every week. These are the five we see in every calm, dependable team.",
		image:       "reliable-releases.svg",
		status:      domain.PostPublished,
		daysAgo:     75,
		hour:        9,
		content: `<h2>Small changes, released often</h2>
<p>The teams we admire most rarely have dramatic release days. They ship small changes several times a week, each one easy to review, easy to test and easy to undo. When something goes wrong, the cause is usually obvious because only a few lines changed since the last good version.</p>
<p>Large, infrequent releases feel safer because they are planned in detail, but they bundle many risks together. If your releases regularly need a weekend and a war room, try cutting the next piece of work in half, and then in half again.</p>
<h2>Tests where the risk is</h2>
<p>Reliable teams do not chase a coverage number. They write careful tests around the rules that would hurt most if they broke: prices, permissions, payments, anything involving personal data. A handful of end-to-end checks then confirms that the main journeys still work in a real browser before each release.</p>
<p>They also keep the test suite fast. A suite that takes an hour gets skipped; a suite that takes five minutes runs on every change and catches mistakes while the author still remembers the code. When a test fails at random, they fix or remove it the same week, because a suite that cries wolf soon stops being believed.</p>
<h2>Everything needed to release is written down</h2>
<p>If only one person knows how to deploy, the team is one holiday away from trouble. Good teams automate the release and keep a short, current document for the parts that cannot be automated yet, such as a manual approval or a message to customers.</p>
<ul>
<li>One command or button deploys the current version.</li>
<li>One command or button rolls it back.</li>
<li>Database changes are written so that the old and new versions can both run for a while.</li>
</ul>
<h2>Watch production, learn from incidents</h2>
<p>Monitoring tells you about problems before customers do. Reliable teams track a few signals that reflect what users feel, such as error rates, response times and failed sign-ins, and they send alerts only when a person needs to act. An alert that fires every night teaches everyone to ignore it.</p>
<p>When something does break, they hold a short, blameless review: what happened, why it made sense at the time, and what single change would make it less likely. Over a year, those small changes add up to a calmer team and fewer late nights. If your releases feel more stressful than this, our consulting team can help you pick the first habit to build.</p>`,
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

// demoComment is a visible comment on a demo post, written some hours
// after the post.
type demoComment struct {
	post       string // the post's title
	name       string
	email      string // example.com addresses only: never real people
	website    string
	comment    string
	hoursAfter int
}

var demoComments = []demoComment{
	{
		post: "Choosing a tech stack for your first product", name: "Meera Iyer", email: "meera.iyer@example.com",
		comment:    "The point about hiring made me rethink our plan. We were about to pick a framework nobody in our city uses.",
		hoursAfter: 5,
	},
	{
		post: "Choosing a tech stack for your first product", name: "Daniel Okafor", email: "daniel.okafor@example.com", website: "https://daniel.example.com",
		comment:    "Writing the decision down is underrated.\nWe found a two-year-old note explaining our database choice and it saved a week of debate.",
		hoursAfter: 30,
	},
	{
		post: "Custom software or off-the-shelf? How to decide", name: "Ravi Shankar", email: "ravi.shankar@example.com",
		comment:    "The quick test at the end is useful. Two of our three processes turned out to be perfectly standard.",
		hoursAfter: 20,
	},
	{
		post: "A practical cloud migration checklist", name: "Ananya Das", email: "ananya.das@example.com",
		comment:    "We skipped the inventory on our first migration and found a forgotten nightly job the hard way. Wish I had read this then.",
		hoursAfter: 8,
	},
	{
		post: "A practical cloud migration checklist", name: "Karthik Reddy", email: "karthik.reddy@example.com",
		comment:    "Agree on watching the bill in the first month. Right-sizing halved our costs.",
		hoursAfter: 50,
	},
}
