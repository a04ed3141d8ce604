# Times relative to now: files far in the past and just made.
mkdir d
touch -d '2001-02-03 04:05:06' d/old
touch d/new
find d -type f -mtime +1000
echo ---
find d -type f -mtime -1
echo ---
find d -type f -mtime 0
echo ---
find d -type f -mmin -60
echo ---
find d -type f -atime +30
echo ---
find d -type f -newer d/old
echo ---
find d -type f ! -newer d/old
echo ---
find d -type f -newermt '2010-01-01'
echo ---
find d -type f -daystart -mtime +2
