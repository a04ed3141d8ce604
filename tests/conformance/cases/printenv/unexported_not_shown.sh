LOCALVAR=x
printenv LOCALVAR; echo "status $?"
