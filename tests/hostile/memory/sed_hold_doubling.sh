# The hold space doubling through G and H: both spaces are charged, so
# the memory limit stops it.
# expect-stop: memory
echo x | sed 'h;:a;G;H;ba'
