# check-stderr
printf 'NBSWY3DPEB3W64TM*MQFA====\n' | base32 -d; s=$?; echo; echo "status $s"
printf 'NBSWY3D' | base32 -d; s=$?; echo; echo "status $s"
printf 'NBSWY3DP\n====\n' | base32 -d; s=$?; echo; echo "status $s"
