kill -CHLD $$; kill -WINCH $$; kill -URG $$; kill -CONT $$
echo alive
trap 'echo winch' WINCH
kill -WINCH $$
