package seed

import "time"

// demoJob is one demo position. Dates are relative to the day Load runs.
type demoJob struct {
	title          string
	experience     string
	location       string
	department     string
	employmentType string
	workplace      string // "" = on-site
	salaryMin      int64  // rupees a year; 0 = not stated
	salaryMax      int64
	daysAgo        int           // created this many days before today…
	hour           time.Duration // …at this hour, UTC
	closesInDays   int           // 0 = no closing date
	description    string
}

var demoJobs = []demoJob{
	{
		title:          "Senior Backend Engineer (Go)",
		experience:     "5+",
		location:       "Hyderabad",
		department:     "Engineering",
		employmentType: "FULL_TIME",
		salaryMin:      2400000,
		salaryMax:      3600000,
		daysAgo:        3,
		hour:           10,
		closesInDays:   45,
		description: `<p>Nimbus Grove builds and runs business software for clients in logistics, healthcare and retail. We are looking for a senior backend engineer to join a small product team in our Uppal office and take ownership of services that process orders, invoices and reports for thousands of people every day.</p>
<h3>What you will do</h3>
<ul>
<li>Design, build and run HTTP and background services in Go, from the first sketch to production.</li>
<li>Model data in PostgreSQL and write migrations that are safe to run on a live system.</li>
<li>Review code with care, and help teammates grow through pairing and clear feedback.</li>
<li>Work with clients and our consultants to turn loose requirements into small, shippable steps.</li>
<li>Look after the services you own: dashboards, alerts and the occasional post-incident write-up.</li>
</ul>
<h3>What you bring</h3>
<ul>
<li>Five or more years of building backend systems, at least two of them in Go.</li>
<li>Solid SQL and a feel for indexes, transactions and query plans.</li>
<li>Experience with REST APIs, authentication and testing at several levels.</li>
<li>Comfort with Linux, containers and a continuous integration pipeline.</li>
<li>Clear written English; much of our work with clients happens in writing.</li>
</ul>
<h3>Nice to have</h3>
<ul>
<li>Experience with AWS or Azure and with infrastructure as code.</li>
<li>A background in payments, logistics or healthcare.</li>
</ul>
<h3>What we offer</h3>
<ul>
<li>A salary range stated up front and reviewed every year.</li>
<li>Health insurance for you, your spouse, your children and your parents.</li>
<li>Hybrid work: two days a week in the office, flexible hours around a shared core.</li>
<li>A yearly learning budget for books, courses and conferences.</li>
</ul>`,
	},
	{
		title:          "Cloud Engineer (AWS / Azure)",
		experience:     "3-5",
		location:       "Bangalore",
		department:     "Cloud",
		workplace:      "hybrid",
		employmentType: "FULL_TIME",
		salaryMin:      1400000,
		salaryMax:      2200000,
		daysAgo:        6,
		hour:           11,
		description: `<p>Our cloud practice helps mid-sized companies move off ageing servers and run well on AWS and Azure. As a cloud engineer in our Bangalore office you will plan and carry out migrations, build repeatable infrastructure, and make sure the systems we hand over are observable, secure and affordable.</p>
<h3>What you will do</h3>
<ul>
<li>Assess existing environments with clients and decide the order in which workloads move.</li>
<li>Write and review infrastructure as code with Terraform, kept in version control like any other software.</li>
<li>Set up networking, identity and access, backups and monitoring for new cloud accounts.</li>
<li>Containerise applications and run them on managed Kubernetes, or on simpler services where that fits better.</li>
<li>Track cloud spend and bring clients concrete savings every month.</li>
</ul>
<h3>What you bring</h3>
<ul>
<li>Three to five years in operations, DevOps or cloud engineering.</li>
<li>Hands-on experience with AWS or Azure in production, ideally some exposure to both.</li>
<li>Working knowledge of Linux, DNS, TLS and IP networking.</li>
<li>Scripting in Bash and in one of Python or Go.</li>
<li>A calm approach to incidents, and the habit of writing down what you learned.</li>
</ul>
<h3>Nice to have</h3>
<ul>
<li>An associate-level cloud certification.</li>
<li>Experience with database migrations, or with hybrid setups that keep some systems on premises.</li>
</ul>
<h3>What we offer</h3>
<ul>
<li>A wide range of client systems to work on instead of a single stack.</li>
<li>Paid certification exams, with study time during working hours.</li>
<li>Health insurance that includes your parents, and an allowance for weeks on the on-call rota.</li>
</ul>`,
	},
	{
		title:          "Software Engineering Intern",
		experience:     "0-1",
		location:       "Hyderabad",
		department:     "Engineering",
		employmentType: "INTERN",
		daysAgo:        9,
		hour:           9,
		closesInDays:   30,
		description: `<p>Our six-month internship is for final-year students and recent graduates who want to learn how real software is built and shipped. You will join one of our delivery teams in Uppal, with a mentor who reviews your work and helps you plan each week.</p>
<h3>What you will do</h3>
<ul>
<li>Fix bugs and build small features in web applications that clients use every day.</li>
<li>Write tests for the code you change, and see why they matter the first time you refactor.</li>
<li>Take part in stand-ups, planning sessions and demos with the rest of the team.</li>
<li>Pair with senior engineers on tasks that are just beyond what you know today.</li>
</ul>
<h3>What you bring</h3>
<ul>
<li>A bachelor’s degree in computer science, IT or a related subject, finished or due this year.</li>
<li>A good grasp of one programming language, such as JavaScript, Python, Java or Go.</li>
<li>Basic SQL, and an idea of how a web page talks to a server.</li>
<li>Curiosity, and the confidence to ask questions early.</li>
</ul>
<h3>Nice to have</h3>
<ul>
<li>A project, open-source contribution or hackathon entry you can show us and talk about.</li>
<li>Some everyday familiarity with Git.</li>
</ul>
<h3>What we offer</h3>
<ul>
<li>A monthly stipend and a laptop for the length of the internship.</li>
<li>A structured learning plan for your first four weeks.</li>
<li>A full-time offer at the end for interns who do well.</li>
</ul>
<p>Questions about the programme? Write to <a href="mailto:careers@nimbusgrove.example" rel="nofollow">careers@nimbusgrove.example</a>.</p>`,
	},
	{
		title:          "QA Automation Engineer",
		experience:     "2-4",
		location:       "Hyderabad",
		department:     "Quality",
		employmentType: "FULL_TIME",
		salaryMin:      800000,
		salaryMax:      1400000,
		daysAgo:        13,
		hour:           12,
		description: `<p>Quality at Nimbus Grove is everybody’s job, and our QA engineers lead it. You will sit inside a delivery team, shape the test approach for new features and build automated checks that run on every change, so that releases feel routine rather than stressful.</p>
<h3>What you will do</h3>
<ul>
<li>Read user stories early and help the team agree on acceptance criteria before coding starts.</li>
<li>Build and maintain end-to-end tests for web applications with Playwright or Cypress.</li>
<li>Write API tests and add them to the continuous integration pipeline.</li>
<li>Explore new features by hand to find the problems that scripts miss.</li>
<li>Report defects clearly, with steps, evidence and an estimate of their impact.</li>
</ul>
<h3>What you bring</h3>
<ul>
<li>Two to four years of software testing, including at least one year of automation.</li>
<li>Programming skills in JavaScript or TypeScript, or in Java or Python.</li>
<li>An understanding of HTTP, browser developer tools and basic SQL.</li>
<li>An eye for detail, and the patience to reproduce a bug that only happens sometimes.</li>
</ul>
<h3>Nice to have</h3>
<ul>
<li>Experience with performance or accessibility testing.</li>
<li>The ISTQB Foundation certificate or something similar.</li>
</ul>
<h3>What we offer</h3>
<ul>
<li>A team that treats testing as engineering work, not an afterthought.</li>
<li>Health insurance, flexible hours and two days a week from home.</li>
<li>Time and budget to try new tools and learn them properly.</li>
</ul>`,
	},
	{
		title:          "Product Designer (UI/UX)",
		experience:     "3-5",
		location:       "Bangalore",
		department:     "Design",
		workplace:      "remote",
		employmentType: "FULL_TIME",
		daysAgo:        17,
		hour:           10,
		closesInDays:   60,
		description: `<p>We design and build software for people who are often busy, interrupted and far from a desk: warehouse staff, field technicians, clinic receptionists. We are looking for a product designer in Bangalore who enjoys making complicated work feel simple and who is happy to test ideas with the people who will use them.</p>
<h3>What you will do</h3>
<ul>
<li>Run interviews and workshops with client teams to learn how the work gets done today.</li>
<li>Turn what you learn into user flows, wireframes and clickable prototypes.</li>
<li>Design clear, accessible interfaces for web and mobile, and keep our design system tidy.</li>
<li>Work closely with engineers during the build, answering questions and adjusting details.</li>
<li>Test designs with users and share what changed because of it.</li>
</ul>
<h3>What you bring</h3>
<ul>
<li>Three to five years of product or interaction design, and a portfolio that shows your process, not only finished screens.</li>
<li>Fluency in Figma, including components and auto layout.</li>
<li>Knowledge of accessibility guidelines and of designing for small screens.</li>
<li>Confidence in presenting your work to clients and in taking feedback.</li>
</ul>
<h3>Nice to have</h3>
<ul>
<li>Enough HTML and CSS to talk through trade-offs with developers.</li>
<li>Experience designing data-heavy dashboards or long forms.</li>
</ul>
<h3>What we offer</h3>
<ul>
<li>A voice in each product from the first workshop onward.</li>
<li>Health insurance, a hybrid schedule and a yearly budget for learning and tools.</li>
</ul>`,
	},
	{
		title:          "Principal IT Consultant",
		experience:     "8+",
		location:       "Hyderabad",
		department:     "Consulting",
		employmentType: "FULL_TIME",
		salaryMin:      3500000,
		salaryMax:      5000000,
		daysAgo:        20,
		hour:           11,
		description: `<p>Clients come to our consulting practice when they face a decision that is expensive to get wrong: which platform to adopt, how to modernise a system that has grown for fifteen years, or how to organise teams around a new product. As a principal consultant you will lead these engagements from the first conversation to a plan the client can act on.</p>
<h3>What you will do</h3>
<ul>
<li>Lead discovery workshops with business and technical stakeholders.</li>
<li>Assess current systems, costs and risks, and present options with honest trade-offs.</li>
<li>Write roadmaps, architecture outlines and business cases that a decision-maker can read in one sitting.</li>
<li>Guide delivery teams through the first phases of the work, adjusting the plan as facts change.</li>
<li>Mentor consultants and architects, and help shape how our practice works.</li>
</ul>
<h3>What you bring</h3>
<ul>
<li>Eight or more years in software delivery, architecture or technology consulting.</li>
<li>A track record of advising senior people on the client side.</li>
<li>Broad technical knowledge across cloud platforms, integration and data.</li>
<li>Strong writing and facilitation skills.</li>
</ul>
<h3>Nice to have</h3>
<ul>
<li>Experience in regulated industries such as banking, insurance or healthcare.</li>
<li>A recognised architecture or project management certification.</li>
</ul>
<h3>What we offer</h3>
<ul>
<li>Variety: several clients a year, in different industries.</li>
<li>Travel within India when a client needs you on site, planned well ahead.</li>
<li>Health insurance for your family and a leadership development programme.</li>
</ul>`,
	},
	{
		title:          "Frontend Developer (React), 12-month contract",
		experience:     "2-4",
		location:       "Bangalore",
		department:     "Engineering",
		employmentType: "CONTRACTOR",
		salaryMin:      900000,
		salaryMax:      1500000,
		daysAgo:        24,
		hour:           9,
		closesInDays:   40,
		description: `<p>We need a frontend developer on a twelve-month contract to help rebuild the customer portal of a logistics client. You will work from our Bangalore office in a team of five, building fast, accessible screens on top of an existing API.</p>
<h3>What you will do</h3>
<ul>
<li>Build pages and components in React and TypeScript from designs in Figma.</li>
<li>Connect screens to REST APIs, handling loading, empty and error states properly.</li>
<li>Write unit and component tests, and keep the bundle small.</li>
<li>Fix the accessibility issues found in audits and make sure new work passes them.</li>
<li>Take part in code reviews and sprint ceremonies with the rest of the team.</li>
</ul>
<h3>What you bring</h3>
<ul>
<li>Two to four years of professional frontend development with React.</li>
<li>A good command of modern JavaScript, TypeScript, HTML and CSS.</li>
<li>Experience with a data-fetching or state management library such as React Query or Redux.</li>
<li>Availability to start within four weeks.</li>
</ul>
<h3>Nice to have</h3>
<ul>
<li>Performance work measured with Core Web Vitals.</li>
<li>Familiarity with maps or shipment-tracking interfaces.</li>
</ul>
<h3>What we offer</h3>
<ul>
<li>A fixed monthly fee for twelve months, with the option to extend or move to a permanent role.</li>
<li>A well-defined scope, a supportive team and a modern toolchain.</li>
</ul>`,
	},
}
