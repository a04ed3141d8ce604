cd /tmp
echo ~+
