export GONE=1; unset GONE
printenv GONE; echo "status $?"
