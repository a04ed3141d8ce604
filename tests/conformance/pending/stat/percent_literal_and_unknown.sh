printf 'ab' > f
stat -c '%% %s %Q' f
