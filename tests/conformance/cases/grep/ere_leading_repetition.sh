# check-stderr
printf '+a\na\n*a\n?a\nb\n{1}a\n' > f
grep -E '+a' f; echo "s=$?"
grep -E '*a' f; echo "s=$?"
grep -Ec '?a' f; echo "s=$?"
grep -Ec '{1}a' f; echo "s=$?"
grep -c '*a' f; echo "s=$?"
grep 'x\{2,1\}' f; echo "s=$?"
grep -E 'x{2,1}' f; echo "s=$?"
