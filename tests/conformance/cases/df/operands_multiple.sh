mkdir d; echo x > d/f
df . d d/f | tail -n +2 | wc -l
df --output=file . d/f | tail -n +2
