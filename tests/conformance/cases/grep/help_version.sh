# check-stderr
grep --version | head -1 | cut -d" " -f1; echo "s=$?"
grep --help | head -1; echo "s=$?"
grep -V | head -1 | cut -c1-4; echo "s=$?"
