printf 'NBSW*Y3DP!EB3W64TMMQFA====\n' | base32 -d -i; echo "status $?"
