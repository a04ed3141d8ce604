printf 'NBSWY3DPEB3W64TMMQFA====\n' | base32 -d; echo "status $?"
