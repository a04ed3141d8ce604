# sed -i writing a file past the largest-file limit: the write fails with
# sed's I/O status 4, the original file is left as it was and no
# temporary file stays behind.
# fs-limit: max_file_size=64K max_total_bytes=1M
# expect-stop: none
# expect-stdout: rc=4
# expect-stdout: 40000 f
# expect-stdout: f
# expect-stderr-contains: couldn't write
seq 20000 | head -c 40000 > f
sed -i 's/.*/&&&&/' f
echo "rc=$?"
wc -c f
ls
