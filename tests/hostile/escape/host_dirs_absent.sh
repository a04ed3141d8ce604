# None of the usual host directories exists.
# expect-stop: none
# expect-stdout: none
for d in /usr /bin /sbin /lib /lib64 /etc /var /root /proc /sys /opt /run /mnt /media /boot /srv /snap /nix; do
  [ -e "$d" ] && echo "$d exists"
done
echo none
