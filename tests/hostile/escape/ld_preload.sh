# LD_PRELOAD and friends are plain variables here: nothing is loaded.
# expect-stop: none
# expect-stdout: rc=0
# expect-stdout: LD_PRELOAD=/tmp/evil.so
echo 'not an elf' > /tmp/evil.so
LD_PRELOAD=/tmp/evil.so LD_LIBRARY_PATH=/tmp cat /dev/null
echo "rc=$?"
LD_PRELOAD=/tmp/evil.so env | grep LD_PRELOAD
