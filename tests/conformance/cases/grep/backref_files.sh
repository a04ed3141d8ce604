printf "hello\nworld\n" > a.txt
printf "hallo\nmoon\n" > b.txt
grep -l "\(.\)\1" a.txt b.txt
grep -H -E "(o)\1" a.txt b.txt
grep -L -E "(l)\1o" a.txt b.txt
