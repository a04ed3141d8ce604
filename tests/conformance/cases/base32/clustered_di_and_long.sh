printf 'NB SW\nY3 DP%%\n' | base32 -di; echo "status $?"
printf 'NBSWY3DP' | base32 --decode --ignore-garbage; echo "status $?"
printf 'NBSWY3DP' | base32 --dec; echo
