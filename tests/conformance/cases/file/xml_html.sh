printf "<?xml version=\"1.0\"?>\n<a/>\n" > x; printf "<!DOCTYPE html>\n<html><body></body></html>\n" > h; printf "<html>hi" > h2; file -b x h h2; file -i x h
