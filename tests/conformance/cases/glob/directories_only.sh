mkdir d1 d2
touch f
echo */
