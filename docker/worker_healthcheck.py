"""Health check of a ``patience worker`` container (compose runs it in the container): healthy
while a worker of this container (RQ records each worker's host name, the container's id) beats
in the register of live workers that the API and analyses count on."""

import os
import socket
import sys
import time

from redis import Redis
from rq import Worker

from patience.jobs.queues import LIVE_SECONDS, WORKERS

redis = Redis.from_url(os.environ["REDIS_URL"], socket_timeout=3)
here = socket.gethostname()
mine = [worker.name for worker in Worker.all(connection=redis) if worker.hostname == here]
beats = [redis.zscore(WORKERS, name) or 0.0 for name in mine]
sys.exit(0 if any(beat > time.time() - LIVE_SECONDS for beat in beats) else 1)
