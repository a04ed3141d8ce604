echo -n a
echo -n b
echo c
