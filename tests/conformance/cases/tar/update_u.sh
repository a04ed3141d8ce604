printf 'old\n' > a; printf 'b\n' > b
touch -d '2024-01-02 03:04:05' a b
tar cf a.tar a b
printf 'newer\n' > a; touch -d '2024-03-04 05:06:07' a
tar uvf a.tar a b; echo "status $?"
tar tf a.tar
