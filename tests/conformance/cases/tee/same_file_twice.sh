echo x | tee f f; cat f
echo y | tee -a g g; cat g
