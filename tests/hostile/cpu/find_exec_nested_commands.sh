# Commands run by a utility nest on the thread's stack: `find -exec`
# running `env env env ...` 200 deep is bounded by the call depth like
# nested functions, and the run stops naming that limit, no stack overflow.
# expect-stop: call_depth
# expect-max-seconds: 3
# after: find /tmp -maxdepth 0
# after-stdout: /tmp
find / -maxdepth 0 -exec env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env env true \;
