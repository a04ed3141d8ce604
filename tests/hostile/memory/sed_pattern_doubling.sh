# A substitution that doubles the pattern space in a loop: the result is
# charged before it is built, so the memory limit stops it.
# expect-stop: memory
echo x | sed ':a;s/.*/&&/;ba'
