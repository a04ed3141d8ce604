echo x > /dev/null
cat /dev/null
echo done
