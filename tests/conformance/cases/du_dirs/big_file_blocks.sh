mkdir d; head -c 10000 /dev/zero > d/f; du d; du -k d/f; du -m d/f
