# Under a 2 MiB budget not even the smallest xz encoder (64 KiB
# dictionary, about 3 MiB with its tables and buffers) fits: the charge is
# refused before anything is allocated and the run stops on its memory
# limit.
# limit: max_memory=2M
# expect-stop: memory
echo data | xz | wc -c
