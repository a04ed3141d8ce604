# A file that sources itself.
# expect-stop: call_depth
# expect-max-seconds: 2
echo 'source /tmp/self.sh' > /tmp/self.sh
source /tmp/self.sh
