# check-stderr
mkdir -p x/y; touch x/f; rmdir -p --ignore-fail-on-non-empty x/y; echo "status $?"; ls x
