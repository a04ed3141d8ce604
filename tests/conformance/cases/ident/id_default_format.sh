id | grep -c "^uid=[0-9]*([a-z]*) gid=[0-9]*([a-z]*) groups=[0-9]*([a-z]*)"
