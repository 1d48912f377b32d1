import axios, { type AxiosError, type AxiosResponse } from 'axios';
import { classifyResponse } from './classify.ts';
import { requestHeaders, settle } from './client.ts';

/**
 * The request layer for sending files (the subtask upload with its progress, the do-not-call import): axios on
 * XMLHttpRequest, whose upload progress `fetch` does not report. Its answers go through the same classification and
 * effects as every other call (`settle`); only the pages that send files load it.
 */
export const uploadHttp = axios.create({ timeout: 60_000, withCredentials: true });

uploadHttp.interceptors.request.use((config) => {
  for (const [name, value] of Object.entries(requestHeaders())) config.headers.set(name, value);
  return config;
});

uploadHttp.interceptors.response.use(
  (response: AxiosResponse) => {
    const { status, data, config } = response;
    settle(classifyResponse({ status, body: data, responseType: config.responseType, url: config.url }), data);
    return response;
  },
  (error: AxiosError) => {
    if (axios.isCancel(error)) throw error;
    const { response, config } = error;
    const body = response?.data;
    settle(
      classifyResponse({ status: response?.status ?? null, body, responseType: config?.responseType, url: config?.url }),
      body,
      false,
      error.message,
    );
    // Only a raw answer (a download) passes the classification with an error status: handed on as it is.
    if (response) return response;
    throw error;
  },
);
