# check-stderr
mkdir d; touch d/f; rmdir --ignore-fail-on-non-empty d; echo "status $?"; ls d
