# check-stderr
printf 'NBSW*Y3DP\n' | base32 -d; echo "status $?"
printf 'nbswy3dp\n' | base32 -d; echo "status $?"
