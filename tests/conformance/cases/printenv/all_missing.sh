printenv NOPE1 NOPE2; echo "status $?"
