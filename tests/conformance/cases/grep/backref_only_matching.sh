printf "aabbcc dd e\nxyzzy foo\nabc\n" > f
grep -o "\(.\)\1" f
grep -oE "(.)\1+" f; echo "s=$?"
