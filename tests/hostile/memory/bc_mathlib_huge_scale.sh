# A sine to a hundred thousand digits: the -l series are charged by their
# working precision before they start, so the memory budget refuses it.
# expect-stop: memory
echo 'scale = 100000; s(1)' | bc -l
