export EMPTYV=
printenv EMPTYV | sed -n l; echo "status $?"
