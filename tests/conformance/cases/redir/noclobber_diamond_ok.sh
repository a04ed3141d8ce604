set -C
echo x > c.txt
echo y 1<> c.txt
cat c.txt
