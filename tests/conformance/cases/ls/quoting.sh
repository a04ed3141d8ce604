# check-stderr
touch "a b" "c\"d" "e'f" "$(printf "g\nh")" "tab$(printf "\t")x" plain
ls; echo "s=$?"
ls -Q; echo "s=$?"
ls -b; echo "s=$?"
ls -N; echo "s=$?"
ls --quoting-style=shell; echo "s=$?"
ls --quoting-style=shell-always; echo "s=$?"
ls --quoting-style=shell-escape; echo "s=$?"
ls --quoting-style=c; echo "s=$?"
ls --quoting-style=escape; echo "s=$?"
ls --quoting-style=literal; echo "s=$?"
ls -q; echo "s=$?"
