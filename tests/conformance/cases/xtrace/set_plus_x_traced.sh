# check-stderr
set -x
echo on
set +x
echo off
