// Command gencommon writes common-passwords.txt: passwords people choose
// often, composed from well-known patterns (keyboard walks, repeated
// characters, sequences, common words and names with digits or years,
// leetspeak), lower-case, one per line, sorted. Only entries that the
// length rule would let through (12 to 128 characters) are kept: shorter
// ones are refused anyway. Run it with go generate in package auth.
package main

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"unicode/utf8"
)

// words are what people build passwords from.
var words = []string{
	"password", "passw0rd", "passwort", "pass", "welcome", "letmein", "iloveyou", "admin", "administrator",
	"qwerty", "dragon", "monkey", "football", "baseball", "cricket", "sunshine", "princess", "shadow",
	"master", "superman", "batman", "spiderman", "trustno1", "whatever", "freedom", "starwars", "computer",
	"hello", "secret", "changeme", "default", "login", "access", "summer", "winter", "spring", "autumn",
	"monday", "friday", "january", "december", "india", "hyderabad", "mumbai", "bangalore", "chennai",
	"delhi", "london", "newyork", "company", "office", "welcome1", "internet", "google", "facebook",
	"linkedin", "microsoft", "apple", "samsung", "oracle", "server", "database", "mustang", "ferrari",
	"chocolate", "butterfly", "flower", "rainbow", "lovely", "loveme", "forever", "family", "friends",
	"jesus", "krishna", "ganesh", "shiva", "hanuman", "god", "angel", "killer", "hunter", "ranger",
	"soccer", "hockey", "tennis", "chelsea", "arsenal", "liverpool", "barcelona", "manchester", "pokemon",
	"naruto", "matrix", "cheese", "pepper", "ginger", "cookie", "banana", "orange", "purple", "silver",
	"golden", "diamond", "tiger", "lion", "eagle", "falcon", "phoenix", "thunder", "storm", "ninja",
	"pirate", "wizard", "magic", "music", "guitar", "dance", "happy", "smile", "sweet", "honey", "baby",
	"sweetheart", "darling", "charlie", "buster", "maggie", "bailey", "rocky", "tigger", "snoopy",
	"root", "toor", "test", "tester", "testing", "guest", "user", "staff", "manager", "support", "service",
	"security", "system", "network", "private", "welcome123", "qazwsx", "abc", "abcd", "asdf", "zxcv",
}

// names are common first names.
var names = []string{
	"michael", "jennifer", "jessica", "ashley", "daniel", "thomas", "robert", "william", "joseph", "andrew",
	"matthew", "joshua", "anthony", "christopher", "nicole", "amanda", "sarah", "michelle", "elizabeth",
	"john", "david", "james", "mary", "linda", "maria", "anna", "peter", "paul", "mark", "george",
	"rahul", "priya", "amit", "sachin", "rohit", "virat", "anjali", "pooja", "neha", "deepak", "suresh",
	"ramesh", "mahesh", "rajesh", "sunil", "anil", "vijay", "ajay", "arjun", "karan", "sanjay", "kiran",
	"lakshmi", "divya", "sneha", "swathi", "srinivas", "venkat", "ravi", "raju", "krishna", "mohammed",
	"ahmed", "ali", "fatima", "aisha", "omar", "hassan", "sofia", "emma", "olivia", "liam", "noah",
}

// suffixes are what people append to a word.
var suffixes = []string{
	"", "1", "12", "123", "1234", "12345", "123456", "1234567", "12345678", "123456789", "1234567890",
	"!", "!!", "1!", "123!", "@123", "#123", "@1234", "_123", ".123", "007", "69", "99", "2000", "111",
	"000", "001", "01", "11", "22", "321", "4321", "54321", "@", "#1", "$", "!@#", "!@#$", "1@", "123$",
	"@2024", "@2025", "@2026", "#2025", "2025!", "2026!", "2024!", "123abc", "abc123", "qwerty", "1qaz",
}

// keyboardWalks are runs of neighbouring keys.
var keyboardWalks = []string{
	"qwertyuiop", "qwertyuiop[]", "asdfghjkl", "asdfghjkl;'", "zxcvbnm", "zxcvbnm,./", "qwertyuiopasdfghjkl",
	"qwertyuiopasdfghjklzxcvbnm", "1qaz2wsx3edc", "1qaz2wsx3edc4rfv", "qazwsxedcrfv", "qazwsxedcrfvtgb",
	"1q2w3e4r5t6y", "1q2w3e4r5t6y7u8i", "q1w2e3r4t5y6", "zaq12wsxcde3", "zaq1xsw2cde3", "qweasdzxc123",
	"qweasdzxcqwe", "asdfasdfasdf", "qwerqwerqwer", "asdqwe123456", "qwe123qwe123", "poiuytrewq",
	"lkjhgfdsa", "mnbvcxz", "!qaz@wsx#edc", "1qazxsw23edc", "qwertyqwerty", "qwerty123456", "qwertyuiop123",
	"asdfghjkl123", "zxcvbnm12345", "1234qwerasdf", "1234qwerasdfzxcv", "qwer1234asdf", "azertyuiop",
	"qwertzuiop", "!@#$%^&*()", "!@#$%^&*()_+", "1234567890-=", "`1234567890-=",
}

// leet swaps letters for the digits and symbols people use instead.
var leet = map[rune][]string{'a': {"@", "4"}, 'e': {"3"}, 'i': {"1", "!"}, 'o': {"0"}, 's': {"$", "5"}, 't': {"7"}, 'l': {"1"}}

func main() {
	set := map[string]bool{}
	add := func(s string) {
		s = strings.ToLower(s)
		if n := utf8.RuneCountInString(s); n >= 12 && n <= 128 {
			set[s] = true
		}
	}
	years := []string{}
	for y := 1970; y <= 2030; y++ {
		years = append(years, fmt.Sprint(y))
	}
	base := append(slices.Clone(words), names...)
	for _, w := range base {
		for _, s := range suffixes {
			add(w + s)
			add(w + s + s)
		}
		for _, y := range years {
			add(w + y)
			add(w + "@" + y)
		}
		add(w + w)
		add(w + w + w)
		add(w + w + "123")
		add("my" + w + "123")
		add("i" + "love" + w)
		add("ilove" + w + "123")
		add(w + "isthebest")
		for _, v := range leetVariants(w) {
			for _, s := range []string{"", "1", "123", "1234", "12345", "!", "123!", "@123", "2024", "2025", "2026"} {
				add(v + s)
			}
		}
	}
	for _, a := range words[:30] {
		for _, b := range words[:30] {
			add(a + b)
			add(a + b + "1")
		}
	}
	for _, k := range keyboardWalks {
		add(k)
		add(k + k)
		for _, s := range suffixes {
			add(k + s)
		}
	}
	// Repeated characters and short repeated groups.
	for _, c := range "abcdefghijklmnopqrstuvwxyz0123456789!@#$%*." {
		for n := 12; n <= 24; n++ {
			add(strings.Repeat(string(c), n))
		}
	}
	for _, g := range []string{"ab", "abc", "abcd", "12", "123", "1234", "12345", "123456", "xo", "aa11", "a1", "1a", "qw", "asd", "hi", "ha", "lol", "69", "007", "abc123", "pass"} {
		for n := 1; n <= 24; n++ {
			add(strings.Repeat(g, n))
		}
	}
	// Sequences of digits and letters, forwards and backwards.
	digits := strings.Repeat("1234567890", 4)
	for start := 0; start < 10; start++ {
		for n := 12; n <= 30; n++ {
			add(digits[start : start+n])
			add(reverse(digits[start : start+n]))
		}
	}
	alpha := "abcdefghijklmnopqrstuvwxyz"
	for n := 12; n <= 26; n++ {
		add(alpha[:n])
		add(reverse(alpha)[:n])
		add(alpha[:n-6] + "123456")
		add("123456" + alpha[:n-6])
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	slices.Sort(out)
	f := "# Common passwords, composed by internal/auth/internal/gencommon (go generate).\n" + strings.Join(out, "\n") + "\n"
	if err := os.WriteFile("common-passwords.txt", []byte(f), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// leetVariants returns w with each of its swappable letters replaced, one
// kind at a time and all at once.
func leetVariants(w string) []string {
	var out []string
	all := w
	for r, subs := range leet {
		if !strings.ContainsRune(w, r) {
			continue
		}
		for _, sub := range subs {
			out = append(out, strings.ReplaceAll(w, string(r), sub))
		}
		all = strings.ReplaceAll(all, string(r), subs[0])
	}
	return append(out, all)
}

func reverse(s string) string {
	r := []rune(s)
	slices.Reverse(r)
	return string(r)
}
