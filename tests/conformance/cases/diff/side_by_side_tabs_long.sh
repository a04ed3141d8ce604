printf 'short\nthis line is much longer than the column\n\tindented\n' > f1
printf 'short\nchanged\n\tindented\n' > f2
diff -y -W 50 f1 f2
