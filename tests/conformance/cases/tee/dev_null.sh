echo x | tee /dev/null
echo y | tee /dev/null f; cat f
