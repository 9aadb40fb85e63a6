package console

import "testing"

func TestAttachmentHeader(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"APP-K3J5X7QA-resume.pdf": `attachment; filename="APP-K3J5X7QA-resume.pdf"; filename*=UTF-8''APP-K3J5X7QA-resume.pdf`,
		`a "b"; c=d,e/f\g.pdf`:    `attachment; filename="a _b_; c=d,e_f_g.pdf"; filename*=UTF-8''a%20%22b%22%3B%20c%3Dd%2Ce%2Ff%5Cg.pdf`,
		"ಕನ್ನಡ.pdf":               `attachment; filename="_____.pdf"; filename*=UTF-8''%E0%B2%95%E0%B2%A8%E0%B3%8D%E0%B2%A8%E0%B2%A1.pdf`,
		"line\r\nX-Evil: 1\t.csv": `attachment; filename="line__X-Evil: 1_.csv"; filename*=UTF-8''line%0D%0AX-Evil%3A%201%09.csv`,
	} {
		if got := attachment(name); got != want {
			t.Errorf("attachment(%q) =\n %s\nwant\n %s", name, got, want)
		}
	}
}
